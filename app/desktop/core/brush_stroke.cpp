// The brush's drag as segments (brush_stroke.h).
#include "brush_stroke.h"

#include <cmath>

#include "gs/backend_types.h"

namespace gs::app {

std::optional<command::Paint> BrushStroke::paint_at(std::optional<GridPoint> at, bool pressed,
                                                    bool erase, float radius, float value) {
  if (!at) {
    last_.reset();
    return std::nullopt;
  }
  command::Paint paint{at->x, at->y, radius, value, erase};
  // A jump longer than a backend paints in one segment (a grid wider than 16384 cells, crossed
  // in a frame) starts afresh rather than being refused.
  if (last_ && !pressed && erasing_ == erase && std::abs(last_->x - at->x) <= kMaxBrushSegment &&
      std::abs(last_->y - at->y) <= kMaxBrushSegment)
    paint.from = *last_;
  last_ = at;
  erasing_ = erase;
  return paint;
}

}  // namespace gs::app
