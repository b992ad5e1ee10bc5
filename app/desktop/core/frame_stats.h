// The Timings figures of the panel: each frame's kernel, transfer, draw and frame times, kept
// for the last few hundred frames for the plot, and summed up for --stats-json at exit. The
// figures shown are averages over the current configuration only (timings_configuration.h): a
// change restarts them, so they describe the new one within a few frames and grow into the long
// average while it holds.
#pragma once

#include <cstddef>
#include <deque>
#include <filesystem>
#include <string>
#include <vector>

#include "gpu_pairing.h"
#include "gs/fields.h"
#include "gs/status.h"
#include "lesson_report.h"
#include "screen_layout.h"
#include "timings_configuration.h"

namespace gs::app {

struct FrameTiming {
  int steps = 0;
  double kernel_ms = 0.0;    // the backend's newest finished compute time...
  int kernel_steps = 0;      // ...and the steps it covers (a GPU's figures arrive a frame late)
  double transfer_ms = 0.0;  // display field into the texture: map/copy/unmap and upload
  double transfer_host_ms = 0.0;  // the host's time in the transfer's calls (map, unmap, copy)
  double draw_ms = 0.0;           // GL time of the field's draw (timer query)
  double frame_ms = 0.0;          // wall time of the whole frame
  std::size_t pcie_bytes = 0;
};

// Where the display path runs, for --stats-json.
struct DisplayReport {
  DevicesInUse devices;
  int transfer_builds = 0;  // how many times the display path was built (DisplayTransfer)
};

class FrameStats {
 public:
  static constexpr std::size_t kHistory = 300;
  // Frames left out after a change: they carry the change's own cost (a rebuilt path, the
  // pacer finding its steps) and a GPU's kernel time of the frame before it.
  static constexpr int kSettleFrames = 2;
  // The figures describe the configuration once this many of its frames, or half a second of
  // them, are in the average.
  static constexpr std::size_t kFreshFrames = 5;
  static constexpr double kFreshMs = 500.0;

  // One frame, run under `configuration`; a configuration unlike the last restarts the averages.
  void add(const FrameTiming& frame, GridSize grid, const TimingsConfiguration& configuration);
  // Every frame's figures, across changes (the plot).
  const std::deque<FrameTiming>& history() const { return history_; }
  // Averages over the current configuration's frames, at most kHistory (the panel's figures).
  FrameTiming recent_average() const;
  // How many frames those averages cover (0 right after a change), whether they are enough to
  // describe the configuration, which one, and how many times the averages restarted.
  std::size_t frames_in_average() const { return current_.size(); }
  bool fresh() const;
  const TimingsConfiguration& configuration() const { return configuration_; }
  int restarts() const { return restarts_; }
  double fps() const;
  double steps_per_s() const;
  double mcells_per_s() const;  // from kernel time
  long long frames() const { return frames_; }

  // The figures and the labels at exit, for scripts and tests; `opengl` is the GL version and
  // renderer the app drew with; `display` which devices run it; `ui` where the last frame put
  // things and what did not fit; `lesson` where the script is and what its caption shows.
  Status write_json(const std::filesystem::path& path, const std::string& backend,
                    const std::string& device, const std::string& transfer,
                    const std::string& fallback_reason, const std::string& backend_reason,
                    const std::string& opengl, const DisplayReport& display, const UiReport& ui,
                    const LessonReport& lesson) const;

 private:
  std::deque<FrameTiming> history_;
  std::deque<FrameTiming> current_;  // the current configuration's, after its settling frames
  TimingsConfiguration configuration_;
  int settle_left_ = kSettleFrames;
  int restarts_ = -1;  // the first frame's configuration is no restart
  GridSize grid_;
  long long frames_ = 0;
  long long steps_ = 0;
  long long kernel_steps_ = 0;
  double kernel_ms_ = 0.0, transfer_ms_ = 0.0, transfer_host_ms_ = 0.0, draw_ms_ = 0.0,
         frame_ms_ = 0.0;
};

}  // namespace gs::app
