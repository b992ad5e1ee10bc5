// A script's clock (script_timeline.h).
#include "script_timeline.h"

#include <limits>

namespace gs::app {

double ScriptTimeline::advance(double wall_s, bool running) {
  if (started_ && !held_) now_s_ += wall_s - last_wall_s_;
  started_ = true;
  last_wall_s_ = wall_s;
  if (running) held_ = false;
  return now_s_;
}

void ScriptTimeline::person_acted(bool was_running, bool running) {
  if (was_running && !running) held_ = true;
}

double ScriptTimeline::wall_time_of(double timeline_s) const {
  if (held_) return std::numeric_limits<double>::infinity();
  return last_wall_s_ + (timeline_s - now_s_);
}

}  // namespace gs::app
