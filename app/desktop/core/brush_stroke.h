// A drag of the brush as the segments between frames: each frame's paint reaches back to where
// the drag was the frame before, so a fast stroke is one continuous band rather than a row of
// separate discs (the mouse is read once a frame). GL-free; the input code feeds it the grid
// point under the mouse, through the zoomed view's mapping (field_view.h).
#pragma once

#include <optional>

#include "commands.h"
#include "field_view.h"

namespace gs::app {

class BrushStroke {
 public:
  // This frame's paint with the brush held over grid point `at`; nullopt, and the drag ends,
  // when `at` is nullopt (no button held, the mouse off the field or busy elsewhere). Where a
  // drag starts (`pressed`: the button went down this frame; or a switch between painting and
  // erasing) it is the segment from `pressed_at`, where the button went down when that is known
  // and on the field, else a disc; after that, the segment from the last frame's point, which
  // is the same disc while the mouse stands still.
  std::optional<command::Paint> paint_at(std::optional<GridPoint> at, bool pressed,
                                         std::optional<GridPoint> pressed_at, bool erase,
                                         float radius, float value);
  // The drag ended (the button came up) since the last frame: the segment from the last frame's
  // point to `released`, where it came up, when both are known; the drag is then over.
  std::optional<command::Paint> end_at(std::optional<GridPoint> released, float radius,
                                       float value);
  bool erasing() const { return erasing_; }  // the drag, or the last one, erases

 private:
  std::optional<GridPoint> last_;
  bool erasing_ = false;
};

}  // namespace gs::app
