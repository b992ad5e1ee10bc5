// Feeds a parsed script into the app's command queue frame by frame: `run-frames N` and `wait S`
// hold the script back for N displayed frames or S seconds, and `step N` until the steps ran.
#pragma once

#include <vector>

#include "script_parser.h"

namespace gs::app {

class ScriptRunner {
 public:
  explicit ScriptRunner(std::vector<ScriptLine> lines) : lines_(std::move(lines)) {}

  // The lines whose commands are due now, in order. `busy` is true while earlier single steps
  // are still running, or a `wait-timings` waits.
  std::vector<const ScriptLine*> due(double now_s, bool busy);
  void frame_shown();
  bool finished() const { return next_ >= lines_.size() && frames_left_ == 0; }
  // When due() next has something to do, for a loop that sleeps while paused: 0 while frames
  // are to be shown, the end of a `wait`, infinity once the script has finished.
  double next_due_s() const;

 private:
  std::vector<ScriptLine> lines_;
  std::size_t next_ = 0;
  int frames_left_ = 0;
  double wait_until_s_ = 0.0;
  bool waiting_for_steps_ = false;
};

}  // namespace gs::app
