// A toast: a small notice of where a file went (a screenshot, a video, a state), shown in
// presentation mode, where the panel and its messages are hidden. It sits at the foot of the
// field for a few seconds and fades; it is not the teaching caption and leaves it alone.
#pragma once

#include <optional>
#include <string>

#include "screen_layout.h"

namespace gs::app {

class Toast {
 public:
  // Shows `text` from `now` (seconds, ImGui's clock), replacing any earlier one.
  void show(std::string text, double now);
  // Each frame, what the captures have written so far: a new screenshot ("saved PATH") or a
  // changed recording message (its start or end, with its path) is shown.
  void follow_captures(int screenshots_taken, const std::string& last_screenshot,
                       const std::string& recording_message, double now);
  // Draws it over the top of `area` while it lasts; the text drawn ("" when none).
  std::string draw(const ScreenRect& area, double now) const;

  static constexpr double kSeconds = 4.0;  // how long it shows, its fade included
  static constexpr double kFade = 0.75;    // the last part, in which it fades out

 private:
  std::string text_;
  double since_ = 0;
  int screenshots_seen_ = 0;
  std::string recording_seen_;
};

}  // namespace gs::app
