// Whether the UI fits: after a frame's windows have ended, the windows whose content is wider than
// the window (a label or a line of text cut off at the edge), whose content passes the bottom of
// a window that cannot scroll, or that reach past the display. The app keeps those that stay so
// for a few frames (an auto-sized window takes a frame to follow its content) for --stats-json,
// and the panel test asserts there are none at every UI scale.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "screen_layout.h"

namespace gs::app {

// The current ImGui frame's clipped windows (tooltips aside: they follow the mouse).
std::vector<ClippedWindow> clipped_windows();

class ClipWatch {
 public:
  // This frame's clipped windows; a window clipped for kFrames frames in a row is kept.
  void observe(const std::vector<ClippedWindow>& now);
  const std::vector<ClippedWindow>& persistent() const { return persistent_; }

  static constexpr int kFrames = 3;

 private:
  std::map<std::string, int> streak_;
  std::vector<ClippedWindow> persistent_;
};

}  // namespace gs::app
