// What is drawn over the view: the divergence banner, the recording badge, the keyboard help
// (F1) and the caption.
#pragma once

#include <optional>
#include <string>

#include "video_recorder.h"

namespace gs::app {

struct Overlays {
  const std::optional<std::string>& divergence;
  const VideoRecorder* recorder;  // null when not recording
  bool& help_shown;               // the help's close button clears it
  const std::string& caption;
};

void draw_overlays(const Overlays& overlays);

}  // namespace gs::app
