// The brush's drag as segments (brush_stroke.h).
#include "brush_stroke.h"

#include <cmath>
#include <utility>

#include "gs/backend_types.h"

namespace gs::app {
namespace {

// A segment's start, where the backends can paint the segment in one go: a jump longer than
// that (a grid wider than 16384 cells, crossed in a frame) starts afresh rather than being
// refused.
std::optional<GridPoint> reachable(std::optional<GridPoint> from, GridPoint to) {
  if (from && std::abs(from->x - to.x) <= kMaxBrushSegment &&
      std::abs(from->y - to.y) <= kMaxBrushSegment)
    return from;
  return std::nullopt;
}

}  // namespace

std::optional<command::Paint> BrushStroke::paint_at(std::optional<GridPoint> at, bool pressed,
                                                    std::optional<GridPoint> pressed_at, bool erase,
                                                    float radius, float value) {
  if (!at) {
    last_.reset();
    return std::nullopt;
  }
  command::Paint paint{at->x, at->y, radius, value, erase};
  paint.from = reachable(pressed ? pressed_at : (erasing_ == erase ? last_ : std::nullopt), *at);
  last_ = at;
  erasing_ = erase;
  return paint;
}

std::optional<command::Paint> BrushStroke::end_at(std::optional<GridPoint> released, float radius,
                                                  float value) {
  const std::optional<GridPoint> from = std::exchange(last_, std::nullopt);
  if (!from || !released) return std::nullopt;
  command::Paint paint{released->x, released->y, radius, value, erasing_};
  paint.from = reachable(from, *released);
  return paint;
}

}  // namespace gs::app
