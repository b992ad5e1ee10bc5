// The caption over the field and whose it is. A caption belongs to the script (a demo) that
// showed it: while the script runs it stays until the script's next `caption`. Once the script
// has ended, the caption is left over: it goes when the person changes the simulation (a preset,
// a parameter, run or pause, the brush...), leaves presentation mode, or after kLeftOverS. Esc or
// a click on it dismisses it at any time, and stopping its script takes it away. Hiding the UI
// (H) hides it too. Short messages that are no lesson (a refused paste) are notices: shown small
// for kNoticeS, never as the caption. GL-free; the app calls it and draws what it says.
#pragma once

#include <string>

#include "commands.h"

namespace gs::app {

class CaptionState {
 public:
  static constexpr double kLeftOverS = 30.0;
  static constexpr double kNoticeS = 6.0;

  // Each frame, before any command: the time, and whether a script runs (loaded and not at its
  // end). From the frame its script is seen ended, a caption is left over.
  void update(double now_s, bool script_runs);
  // A `caption TEXT` line, from a script or pasted ("" clears): the running script's, where one
  // runs; otherwise left over at once.
  void set(std::string text);
  // Before a person's command (panel, keys, paste) is applied.
  void person_command(const Command& command);
  void dismiss() { set(""); }
  void show_notice(std::string text);

  const std::string& caption() const { return caption_; }
  const std::string& notice() const { return notice_; }
  // What is drawn this frame: nothing while the UI is hidden.
  const std::string& shown_caption(bool ui_hidden) const;
  const std::string& shown_notice(bool ui_hidden) const;
  // When time alone next changes what is shown (a left-over caption or the notice goes), for a
  // loop that sleeps while idle; infinity when nothing would.
  double next_change_s() const;

 private:
  double now_s_ = 0.0;
  bool script_runs_ = false;
  std::string caption_;
  bool left_over_ = false;
  double left_over_since_s_ = 0.0;
  std::string notice_;
  double notice_since_s_ = 0.0;
};

}  // namespace gs::app
