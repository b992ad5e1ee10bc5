// A script's own clock, on which its `wait` lines count: wall-clock seconds, except while a
// person has paused the simulation. A lecturer who pauses a demo (space, the Pause button, the
// step key) holds its captions with the field; running again (by anyone) lets it go on. A pause
// in the script itself does not hold it: `pause` then `wait 5` still waits five seconds, as
// headless scripts and tests have always had it. Without a person (headless) it is wall time.
#pragma once

namespace gs::app {

class ScriptTimeline {
 public:
  // Each frame, before the script's lines: the time since the last call counts unless held; a
  // running simulation ends the hold. The first call starts the clock at 0.
  double advance(double wall_s, bool running);
  // After a person's commands were applied: whether the simulation ran before and after them.
  // Stopping it holds the timeline.
  void person_acted(bool was_running, bool running);
  // A restart: the script starts again, running, whoever had paused it.
  void release() { held_ = false; }
  // A jump (next or previous caption) keeps a person's pause: the app pauses again after it.
  bool held() const { return held_; }
  double now_s() const { return now_s_; }
  // The wall-clock time at which the timeline reaches `timeline_s`, held or not (infinity while
  // held: only the person's next action moves it).
  double wall_time_of(double timeline_s) const;

 private:
  bool started_ = false;
  bool held_ = false;
  double now_s_ = 0.0;
  double last_wall_s_ = 0.0;
};

}  // namespace gs::app
