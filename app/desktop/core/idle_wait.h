// When the frame loop may sleep instead of drawing. While anything moves (the simulation runs,
// steps or commands are pending, a recording takes frames, a script line is due or frames are
// to be shown) every pass draws; so do a few passes after any input or any of those, for ImGui
// to settle (hover, a released button). Otherwise the loop waits for input, the script's next
// line or a slow redraw, whichever comes first: paused, the app leaves the CPU alone.
#pragma once

namespace gs::app {

class IdleWait {
 public:
  // Passes drawn after the last input or activity; a slow redraw once the loop is idle.
  static constexpr int kSettleFrames = 10;
  static constexpr double kIdleRedrawS = 1.0;

  // Seconds the loop may wait before it draws again (0: draw now). `busy` while anything
  // moves; `script_due_s` is when the script's next line is due (infinity for none), on the
  // loop's clock `now_s`.
  double wait_s(double now_s, bool busy, double script_due_s);
  // Input arrived (a key, the mouse, a resize, an exposed window).
  void input() { settle_frames_ = kSettleFrames; }
  void frame_drawn(double now_s);

 private:
  int settle_frames_ = kSettleFrames;  // the first frames draw the panel in full
  double last_drawn_s_ = 0.0;
};

}  // namespace gs::app
