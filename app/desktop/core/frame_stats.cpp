#include "frame_stats.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "gs/output_file.h"

namespace gs::app {

void FrameStats::add(const FrameTiming& frame, GridSize grid,
                     const TimingsConfiguration& configuration) {
  grid_ = grid;
  history_.push_back(frame);
  if (history_.size() > kHistory) history_.pop_front();
  if (restarts_ < 0 || configuration != configuration_) {
    configuration_ = configuration;
    current_.clear();
    settle_left_ = kSettleFrames;
    ++restarts_;
  }
  if (settle_left_ > 0) {
    --settle_left_;
  } else {
    current_.push_back(frame);
    if (current_.size() > kHistory) current_.pop_front();
  }
  ++frames_;
  steps_ += frame.steps;
  kernel_steps_ += frame.kernel_steps;
  kernel_ms_ += frame.kernel_ms;
  transfer_ms_ += frame.transfer_ms;
  transfer_host_ms_ += frame.transfer_host_ms;
  draw_ms_ += frame.draw_ms;
  frame_ms_ += frame.frame_ms;
}

bool FrameStats::fresh() const {
  double ms = 0;
  for (const FrameTiming& f : current_) ms += f.frame_ms;
  return current_.size() >= kFreshFrames || (!current_.empty() && ms >= kFreshMs);
}

FrameTiming FrameStats::recent_average() const {
  FrameTiming sum;
  for (const FrameTiming& f : current_) {
    sum.steps += f.steps;
    sum.kernel_steps += f.kernel_steps;
    sum.kernel_ms += f.kernel_ms;
    sum.transfer_ms += f.transfer_ms;
    sum.transfer_host_ms += f.transfer_host_ms;
    sum.draw_ms += f.draw_ms;
    sum.frame_ms += f.frame_ms;
    sum.pcie_bytes += f.pcie_bytes;
  }
  if (current_.empty()) return sum;
  const double n = double(current_.size());
  sum.steps = int(sum.steps / n);
  sum.kernel_steps = int(sum.kernel_steps / n);
  sum.kernel_ms /= n;
  sum.transfer_ms /= n;
  sum.transfer_host_ms /= n;
  sum.draw_ms /= n;
  sum.frame_ms /= n;
  sum.pcie_bytes = std::size_t(double(sum.pcie_bytes) / n);
  return sum;
}

double FrameStats::fps() const {
  const FrameTiming average = recent_average();
  return average.frame_ms > 0 ? 1e3 / average.frame_ms : 0.0;
}

double FrameStats::steps_per_s() const {
  double steps = 0, ms = 0;
  for (const FrameTiming& f : current_) {
    steps += f.steps;
    ms += f.frame_ms;
  }
  return ms > 0 ? steps / ms * 1e3 : 0.0;
}

double FrameStats::mcells_per_s() const {
  double steps = 0, ms = 0;
  for (const FrameTiming& f : current_) {
    steps += f.kernel_steps;
    ms += f.kernel_ms;
  }
  return ms > 0 ? double(grid_.cells()) * steps / ms / 1e3 : 0.0;
}

Status FrameStats::write_json(const std::filesystem::path& path, const std::string& backend,
                              const std::string& device, const std::string& transfer,
                              const std::string& fallback_reason, const std::string& backend_reason,
                              const std::string& opengl, const DisplayReport& display,
                              const UiReport& ui, const LessonReport& lesson) const {
  const double n = frames_ > 0 ? double(frames_) : 1.0;
  const auto rect = [](const std::optional<ScreenRect>& r) -> nlohmann::json {
    if (!r) return nullptr;
    return {r->x, r->y, r->width, r->height};
  };
  nlohmann::json clipped = nlohmann::json::array();
  for (const ClippedWindow& window : ui.clipped)
    clipped.push_back({{"window", window.window}, {"overflow_px", window.overflow_px}});
  const ScreenLayout& layout = ui.layout;
  nlohmann::json map_labels = nlohmann::json::array();
  for (const ScreenRect& label : ui.map_labels)
    map_labels.push_back({label.x, label.y, label.width, label.height});
  const auto number_or_null = [](std::optional<int> value) -> nlohmann::json {
    if (!value) return nullptr;
    return *value;
  };
  const DevicesInUse& devices = display.devices;
  nlohmann::json script = nullptr;
  if (const std::optional<ScriptProgress>& p = lesson.script)
    script = {{"name", p->name},
              {"caption", p->caption},
              {"captions", p->captions},
              {"held", p->held},
              {"finished", p->finished}};
  const FrameTiming average = recent_average();
  nlohmann::json preset_list = nullptr;
  if (const std::optional<PresetListShown>& list = ui.preset_list)
    preset_list = {{"rect", rect(list->rect)},
                   {"rows", list->rows},
                   {"rows_shown", list->rows_shown},
                   {"marked", list->marked},
                   {"background_alpha", list->background_alpha}};
  const nlohmann::json stats = {
      {"backend", backend},
      {"device", device},
      {"transfer", transfer},
      {"fallback_reason", fallback_reason},
      // Why `auto` (or a fallback) chose this backend over the others; "" where it was asked for.
      {"backend_reason", backend_reason},
      {"opengl", opengl},
      // The EGL device the headless context runs on (null in a window) and the CUDA device it is
      // (EGL_CUDA_DEVICE_NV; null for Mesa's), the backend's CUDA device (null on the CPU twin),
      // how interop matched them (null off interop), and how often the display path was built.
      {"egl_device", devices.egl ? nlohmann::json(devices.egl->name) : nlohmann::json(nullptr)},
      {"egl_device_cuda", number_or_null(devices.egl ? devices.egl->cuda_device : std::nullopt)},
      {"cuda_device", number_or_null(devices.cuda_device)},
      {"interop_gl_match",
       devices.interop ? nlohmann::json(to_string(*devices.interop)) : nlohmann::json(nullptr)},
      {"transfer_builds", display.transfer_builds},
      {"width", grid_.width},
      {"height", grid_.height},
      {"frames", frames_},
      {"steps", steps_},
      {"ms_per_frame",
       {{"kernel", kernel_ms_ / n},
        {"transfer", transfer_ms_ / n},
        {"transfer_host", transfer_host_ms_ / n},
        {"draw", draw_ms_ / n},
        {"frame", frame_ms_ / n}}},
      {"mcells_per_s",
       kernel_ms_ > 0 ? double(grid_.cells()) * double(kernel_steps_) / kernel_ms_ / 1e3 : 0.0},
      // What the Timings showed last: averages over the current configuration's frames only.
      {"timings",
       {{"configuration", configuration_.text},
        {"frames_in_average", current_.size()},
        {"fresh", fresh()},
        {"restarts", std::max(restarts_, 0)},
        {"kernel_ms", average.kernel_ms},
        {"transfer_ms", average.transfer_ms},
        {"transfer_host_ms", average.transfer_host_ms},
        {"pcie_mb_per_frame", double(average.pcie_bytes) / 1e6},
        {"frame_ms", average.frame_ms},
        {"steps_per_s", steps_per_s()}}},
      // Where the last frame put things (window units, [x, y, width, height]; null where absent),
      // the UI windows that stayed clipped, and how many presets' thumbnails were loaded.
      {"ui",
       {{"text_px", ui.text_px},
        {"field", rect(layout.field)},
        {"colour_bar", rect(layout.colour_bar)},
        {"panel", rect(layout.panel)},
        {"bar", rect(layout.bar)},
        {"caption", rect(layout.caption)},
        {"timings", rect(layout.timings)},
        {"timings_plot", rect(ui.timings_plot)},
        {"F_axis", rect(layout.F_axis)},
        {"k_axis", rect(layout.k_axis)},
        {"map_labels", map_labels},
        {"clipped", clipped},
        {"preset_thumbnails", ui.preset_thumbnails},
        {"preset_combo", rect(ui.preset_combo)},
        {"preset_list", preset_list},
        {"toast", ui.toast.empty() ? nlohmann::json(nullptr) : nlohmann::json(ui.toast)},
        {"caption_lines", ui.caption_lines}}},
      // The script at exit (null without one) and its caption: the text, what was drawn of it
      // (nothing with the UI hidden), and a short notice shown.
      {"script", script},
      {"caption",
       {{"text", lesson.caption}, {"drawn", lesson.drawn_caption}, {"notice", lesson.notice}}},
  };
  const std::string text = stats.dump(2) + "\n";
  return write_file_whole(path, text.data(), text.size());
}

}  // namespace gs::app
