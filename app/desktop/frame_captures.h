// What the app writes from its frames: screenshots, of the field at grid resolution through the
// colormap (or a picture of it with its overlays) or of the whole window as drawn, asked for by
// commands and taken once the frame has them; and the recording, fed each frame that stepped. Main
// (GL) thread only.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "commands.h"
#include "field_renderer.h"
#include "field_texture.h"
#include "overlay_export.h"
#include "recording.h"
#include "render_surface.h"

namespace gs::app {

class FrameCaptures {
 public:
  // Reads from these for as long as it lives; `folder` (a remembered capture folder) is used
  // if it still is one, else the default (capture_path.h), created by the first capture.
  FrameCaptures(const FieldTexture& texture, FieldRenderer& renderer, const RenderSurface& surface,
                const std::filesystem::path& folder);

  // A screenshot for this frame; `origin` ("FILE:LINE: " of a script line, or "") starts its
  // error message. A shot without a path gets a timestamped name in the capture folder.
  void request(const command::Screenshot& shot, const std::string& origin);
  // Takes this frame's field shots (window: false; once the field is updated) or window shots
  // (true; once the frame is drawn). Field shots are the field alone at grid resolution, exactly
  // through the colormap, or, `with_overlays`, the picture with the scene's overlays; a path
  // ending .svg is the figure as SVG (figure_svg.h) either way. Says what failed on stderr; false
  // if anything did.
  bool take(bool window, const ValueRange& range, const ExportScene* scene = nullptr,
            bool with_overlays = false);
  // Whether this frame's captures need the scene: an SVG figure asked for.
  bool figure_requested() const;
  void frame_done() { requests_.clear(); }
  // Whether a capture waits for this frame.
  bool requested() const { return !requests_.empty(); }
  // Every capture this frame fails with `problem` instead (a field that is no picture).
  void refuse_all(const std::string& problem) {
    for (Request& request : requests_) request.problem = problem;
  }

  Status set_folder(const std::string& folder);
  // The folder for a capture without a name, created when missing.
  Expected<std::filesystem::path> unnamed_capture_folder() const;
  const std::string& last_path() const { return last_path_; }
  int taken() const { return taken_; }  // screenshots written so far

  Recording& recording() { return recording_; }
  const Recording& recording() const { return recording_; }
  // Starts a recording of the field alone, or of the picture with its overlays.
  Status start_recording(const command::RecordStart& start, bool with_overlays);
  // The recording's frame: the field alone, or (a recording started with overlays) the scene's.
  Status record_frame(const ValueRange& range, const ExportScene* overlays);

 private:
  Status take_field(const std::string& path, const ValueRange& range, const ExportScene* overlays);
  Status take_figure(const std::string& path, const ValueRange& range, const ExportScene& scene);
  Status take_window(const std::string& path);

  struct Request {
    command::Screenshot shot;
    std::string origin;
    std::string problem;  // why it cannot be taken (its folder cannot be created)
  };
  const FieldTexture& texture_;
  FieldRenderer& renderer_;
  OverlayExporter exporter_;
  std::vector<std::uint8_t> picture_;  // a picture with overlays, before it is written
  const RenderSurface& surface_;
  std::filesystem::path folder_;
  std::vector<Request> requests_;
  std::string last_path_;
  int taken_ = 0;
  Recording recording_;
};

}  // namespace gs::app
