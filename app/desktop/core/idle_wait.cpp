// The frame loop's idle waits (idle_wait.h).
#include "idle_wait.h"

#include <algorithm>

namespace gs::app {

double IdleWait::wait_s(double now_s, bool busy, double script_due_s) {
  if (busy || script_due_s <= now_s) {
    settle_frames_ = kSettleFrames;
    return 0.0;
  }
  if (settle_frames_ > 0) return 0.0;
  return std::max(0.0, std::min(last_drawn_s_ + kIdleRedrawS, script_due_s) - now_s);
}

void IdleWait::frame_drawn(double now_s) {
  last_drawn_s_ = now_s;
  if (settle_frames_ > 0) --settle_frames_;
}

}  // namespace gs::app
