#include "script_runner.h"

#include <limits>

namespace gs::app {

std::vector<const ScriptLine*> ScriptRunner::due(double now_s, bool busy) {
  std::vector<const ScriptLine*> lines;
  if (waiting_for_steps_ && busy) return lines;
  waiting_for_steps_ = false;
  while (next_ < lines_.size() && frames_left_ == 0 && now_s >= wait_until_s_) {
    const ScriptLine& line = lines_[next_++];
    if (const auto* frames = std::get_if<command::RunFrames>(&line.command)) {
      frames_left_ = frames->frames;
    } else if (const auto* wait = std::get_if<command::Wait>(&line.command)) {
      wait_until_s_ = now_s + wait->seconds;
    } else {
      lines.push_back(&line);
      // The app holds the script (`busy`) until the steps ran, or the Timings are fresh.
      if (std::holds_alternative<command::Step>(line.command) ||
          std::holds_alternative<command::WaitTimings>(line.command)) {
        waiting_for_steps_ = true;
        break;
      }
      // A screenshot is taken at the end of this frame: later lines wait, so they cannot
      // change what it shows.
      if (std::holds_alternative<command::Screenshot>(line.command)) break;
    }
  }
  return lines;
}

double ScriptRunner::next_due_s() const {
  if (frames_left_ > 0) return 0.0;
  if (next_ >= lines_.size()) return std::numeric_limits<double>::infinity();
  return wait_until_s_;
}

void ScriptRunner::frame_shown() {
  if (frames_left_ > 0) --frames_left_;
}

}  // namespace gs::app
