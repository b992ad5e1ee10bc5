// Feeds a parsed script into the app's command queue frame by frame: `run-frames N` and `wait S`
// hold the script back for N displayed frames or S seconds of the script's own time (its
// timeline: script_timeline.h), and `step N` until the steps ran. Its `caption` lines are the
// lesson's stops: a lecturer moves to the next or previous one, or back to the first line.
#pragma once

#include <vector>

#include "script_parser.h"

namespace gs::app {

class ScriptRunner {
 public:
  // With `hold_after_demos`, the script stops after a demo inside it (demo_inlining.h) ends, on
  // its last caption, until release() or a jump: a person steps on from there.
  explicit ScriptRunner(std::vector<ScriptLine> lines, bool hold_after_demos = false);

  // The lines whose commands are due at `now_s` on the script's timeline, in order. `busy` is
  // true while earlier single steps are still running, a `wait-timings` waits, or a `load` reads.
  std::vector<const ScriptLine*> due(double now_s, bool busy);
  void frame_shown();
  bool finished() const { return next_ >= lines_.size() && frames_left_ == 0; }
  const std::vector<ScriptLine>& lines() const { return lines_; }
  // When due() next has something to do, for a loop that sleeps while paused: 0 while frames
  // are to be shown, the end of a `wait`, infinity once the script has finished.
  double next_due_s() const;

  // The script's captions (its `caption TEXT` lines with text), counted from 1: how many, and
  // the last one passed (0 before the first).
  int caption_count() const { return int(captions_.size()); }
  int caption_index() const;
  // Moves the script to just past its caption `caption` (1 to caption_count()): the lines to
  // apply now, without the script's pacing (waits, frame holds) or what it writes or ends
  // (captures, saves, recordings, `demo`, `quit`, `script`). Forward, from where the script is;
  // back (or to the caption shown), from its first line, so the settings of that part hold. The
  // script then goes on, paced, from the line after that caption.
  std::vector<const ScriptLine*> jump_to_caption(int caption);
  // Back to the first line, paced as written.
  void restart();
  // Held after a demo's end (the constructor's `hold_after_demos`), and going on from there.
  bool holding() const { return holding_; }
  void release() { holding_ = false; }
  // How many demos inside the script the next line is in.
  int demo_depth() const;

 private:
  std::vector<ScriptLine> lines_;
  std::vector<std::size_t> captions_;  // where the caption lines are in lines_
  std::size_t next_ = 0;
  int frames_left_ = 0;
  double wait_until_s_ = 0.0;
  bool waiting_for_steps_ = false;
  bool hold_after_demos_ = false;
  bool holding_ = false;
};

}  // namespace gs::app
