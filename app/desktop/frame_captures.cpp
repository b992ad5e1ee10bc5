#include "frame_captures.h"

#include <algorithm>
#include <iostream>

#include "capture_path.h"
#include "figure_svg.h"
#include "framebuffer_capture.h"
#include "gs/output_file.h"
#include "screenshot.h"

namespace gs::app {

FrameCaptures::FrameCaptures(const FieldTexture& texture, FieldRenderer& renderer,
                             const RenderSurface& surface, const std::filesystem::path& folder)
    : texture_(texture), renderer_(renderer), surface_(surface) {
  std::error_code error;
  folder_ = !folder.empty() && std::filesystem::is_directory(folder, error)
                ? folder
                : default_capture_folder();
}

void FrameCaptures::request(const command::Screenshot& shot, const std::string& origin) {
  if (!shot.path.empty()) return requests_.push_back({shot, origin, ""});
  Expected<std::filesystem::path> folder = unnamed_capture_folder();
  if (!folder) return requests_.push_back({shot, origin, folder.message()});
  requests_.push_back({{timestamped_capture_path(*folder).string(), shot.window}, origin, ""});
}

Expected<std::filesystem::path> FrameCaptures::unnamed_capture_folder() const {
  GS_TRY(make_capture_folder(folder_));
  return folder_;
}

bool FrameCaptures::take(bool window, const ValueRange& range, const ExportScene* scene,
                         bool with_overlays) {
  bool all_taken = true;
  for (const Request& request : requests_) {
    if (request.shot.window != window) continue;
    const std::string& path = request.shot.path;
    Status status = Error{request.problem};
    if (request.problem.empty() && window)
      status = take_window(path);
    else if (request.problem.empty() && is_svg_path(path))
      status = scene ? take_figure(path, range, *scene)
                     : Error{"internal error: an SVG figure without its scene"};
    else if (request.problem.empty())
      status = take_field(path, range, with_overlays ? scene : nullptr);
    if (!status) {
      std::cerr << "grayscott: error: " << request.origin << status.message() << "\n";
      all_taken = false;
    }
  }
  return all_taken;
}

Status FrameCaptures::set_folder(const std::string& folder) {
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error))
    return Error{"capture folder '" + printable_path(folder) + "' is not a folder"};
  folder_ = folder;
  return Status::ok();
}

Status FrameCaptures::start_recording(const command::RecordStart& start, bool with_overlays) {
  const GridSize size = with_overlays ? video_layout(texture_.size()).canvas : texture_.size();
  std::filesystem::path folder;  // only for a recording without a name
  if (start.path.empty()) GS_TRY_ASSIGN(folder, unnamed_capture_folder());
  return recording_.start(start, size, folder, with_overlays);
}

Status FrameCaptures::record_frame(const ValueRange& range, const ExportScene* overlays) {
  if (recording_.with_overlays()) {
    if (!overlays) return Error{"internal error: a recording with overlays got none"};
    return recording_.add_composed_frame([&](std::vector<std::uint8_t>& rgb) {
      return exporter_.render(texture_, renderer_, *overlays, video_layout(texture_.size()), rgb);
    });
  }
  GS_TRY(texture_.read_back(recording_.field_buffer()));
  return recording_.add_frame(renderer_.colormap_table(), range.low, range.high);
}

Status FrameCaptures::take_field(const std::string& path, const ValueRange& range,
                                 const ExportScene* overlays) {
  if (overlays) {
    const ExportLayout layout = overlays->still_layout(texture_.size());
    GS_TRY(exporter_.render(texture_, renderer_, *overlays, layout, picture_));
    GS_TRY(write_png(path, layout.canvas, picture_));
    last_path_ = whole_path(path);
    ++taken_;
    return Status::ok();
  }
  Expected<std::vector<float>> field = texture_.read_back();
  if (!field) return field.status();
  GS_TRY(write_png(path, texture_.size(),
                   colorize(*field, renderer_.colormap_table(), range.low, range.high)));
  last_path_ = whole_path(path);
  ++taken_;
  return Status::ok();
}

bool FrameCaptures::figure_requested() const {
  return std::any_of(requests_.begin(), requests_.end(), [](const Request& request) {
    return !request.shot.window && is_svg_path(request.shot.path);
  });
}

Status FrameCaptures::take_figure(const std::string& path, const ValueRange& range,
                                  const ExportScene& scene) {
  Expected<std::vector<float>> field = texture_.read_back();
  if (!field) return field.status();
  const FigureContent content{texture_.size(),
                              colorize(*field, renderer_.colormap_table(), range.low, range.high),
                              renderer_.colormap_table(),
                              range.low,
                              range.high,
                              scene.parameters,
                              scene.axes,
                              scene.quantity,
                              scene.caption};
  GS_TRY(write_figure_svg(path, scene.still_layout(texture_.size()), content));
  last_path_ = whole_path(path);
  ++taken_;
  return Status::ok();
}

Status FrameCaptures::take_window(const std::string& path) {
  const SurfaceSize frame = surface_.framebuffer_size();
  GS_TRY(write_png(path, {frame.width, frame.height}, read_frame_rgb(surface_)));
  last_path_ = whole_path(path);
  ++taken_;
  return Status::ok();
}

}  // namespace gs::app
