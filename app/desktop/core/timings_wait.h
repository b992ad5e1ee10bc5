// A script's `wait-timings`: it holds the script until the Timings describe the current
// configuration (FrameStats::fresh), at once when paused (the Timings say "paused": there is
// nothing to wait for), and at most its cap, so frames that never come (a hidden window, frames
// of seconds each) cannot hold a lecture for ever: then the script goes on and the app says so.
#pragma once

#include <optional>
#include <string>

namespace gs::app {

class TimingsWait {
 public:
  // `origin` is the line's "FILE:LINE: ", for the message at the cap.
  void start(double max_seconds, std::string origin);
  void cancel() { active_ = false; }
  // Whether the wait still holds the script at `now_s`. When it ends at its cap, `gave_up`
  // gets the line for stderr.
  bool holds(double now_s, bool fresh, bool paused, std::string& gave_up);

 private:
  bool active_ = false;
  double max_seconds_ = 0.0;
  std::string origin_;
  std::optional<double> since_s_;  // the first check: the frame after the line ran
};

}  // namespace gs::app
