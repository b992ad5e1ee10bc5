// The app's command applier: a command from the queue (panel, keys, script) goes to the
// simulation or to the app, each visiting its own commands exhaustively (commands.h).
#include <imgui.h>

#include <iostream>

#include "app.h"
#include "command_outputs.h"
#include "cuda_fallback.h"
#include "gs/output_file.h"
#include "script_words.h"
#include "setup_script.h"
#include "style_picture.h"
#include "view_controls.h"

namespace gs::app {
Status App::apply(const Command& given, const std::string& origin) {
  Expected<Command> resolved = with_state_file(given);
  if (!resolved) return resolved.status();
  const Command& command = *resolved;
  if (const std::optional<std::string> output = output_of(command))
    GS_TRY(check_not_own_file(*output, options_.script, options_.stats_json));
  if (const auto* load = std::get_if<command::LoadState>(&command))
    return start_load(load->path, origin);  // read in the background (app_load.cpp)
  if (const std::optional<SimulationCommand> simulation = simulation_part(command)) {
    const Status applied = apply_to_simulation(*simulation);
    if (applied && std::holds_alternative<command::SaveState>(command))
      toast_.show(simulation_->last_message(), ImGui::GetTime());  // "saved PATH"
    if (applied || (script_ && script_->requires_cuda())) return applied;
    return fall_back_from_cuda(*simulation, applied, origin);
  }
  return apply_to_app(*app_part(command), origin);
}

Expected<Command> App::with_state_file(const Command& command) const {
  // The panel's Save and Load without a file name: state.h5 next to the captures, not in
  // whatever folder the app was started from.
  Command resolved = command;
  std::string* path = nullptr;
  if (auto* save = std::get_if<command::SaveState>(&resolved)) path = &save->path;
  if (auto* load = std::get_if<command::LoadState>(&resolved)) path = &load->path;
  if (!path || !path->empty()) return resolved;
  Expected<std::filesystem::path> folder = captures_->unnamed_capture_folder();
  if (!folder) return folder.status();
  *path = (*folder / "state.h5").string();
  return resolved;
}

Status App::fall_back_from_cuda(const SimulationCommand& command, const Status& refused,
                                const std::string& origin) {
  const std::optional<CudaFallback> fallback = cuda_fallback(command, refused, *simulation_);
  if (!fallback) return refused;
  if (fallback->instead) GS_TRY(apply_to_simulation(*fallback->instead));
  std::cerr << "grayscott: " << origin << fallback->notice << "\n";
  // Status, not a caption: the teaching caption stays (a demo's no-GPU lines say what runs).
  fallback_notice_ = fallback->notice;
  return Status::ok();
}

Status App::apply_to_simulation(const SimulationCommand& command) {
  const GridSize size_before = simulation_->size();
  const int backend_before = simulation_->backend_generation();
  const DisplayField field_before = simulation_->display_field();
  GS_TRY(simulation_->apply(command));
  if (simulation_->size() != size_before && captures_->recording().active()) {
    // A video keeps one frame size: the recording ends here, said on stderr and on the screen.
    captures_->recording().stop(
        "the grid changed from " + to_string(size_before) + " to " + to_string(simulation_->size()),
        true);
    caption_.show_notice(captures_->recording().message());
  }
  // Any replacement, not only another kind: a new CUDA backend has a new stream (the old one is
  // destroyed with its backend), and interop must not map on it.
  const bool new_backend = simulation_->backend_generation() != backend_before;
  if (new_backend) pacer_ = FramePacer{};  // its costs are new
  if (simulation_->size() != size_before || new_backend)
    GS_TRY(display_.rebuild(simulation_->backend(), *texture_));
  // An automatic range follows a new field at once, not up to ten frames later (v drawn over u's
  // range is one flat colour).
  const bool new_field = simulation_->display_field() != field_before ||
                         std::holds_alternative<command::LoadState>(command) ||
                         std::holds_alternative<command::SeedImage>(command);
  if (view_.auto_range && new_field)
    GS_TRY(measure_view_range(view_, simulation_->backend(), simulation_->display_field()));
  return Status::ok();
}

Status App::apply_to_app(const AppCommand& command, const std::string& origin) {
  return std::visit(
      Overloaded{
          [&](const command::SetView& c) { return apply_view(c.control, c.value); },
          [&](const command::AddFavourite& c) {
            return add_favourite(settings_, simulation_->presets(), c.preset);
          },
          [&](const command::RemoveFavourite& c) { return remove_favourite(settings_, c.key); },
          [&](const command::SelectTransfer& c) {
            return display_.select(c.path, simulation_->backend(), *texture_);
          },
          [&](const command::Screenshot& c) {
            captures_->request(c, origin);
            return Status::ok();
          },
          [&](const command::SetCaptureFolder& c) -> Status {
            GS_TRY(captures_->set_folder(c.path));
            settings_.capture_folder = c.path;
            return Status::ok();
          },
          [&](const command::RecordStart& c) {
            return captures_->start_recording(c, view_.export_overlays);
          },
          [&](const command::RecordStop&) -> Status {
            if (!captures_->recording().active())
              return Error{"record stop: nothing is being recorded"};
            captures_->recording().stop("");
            return Status::ok();
          },
          [&](const command::SaveSetup& c) -> Status {
            // A painted or loaded style map goes beside the lines, as a picture they read; a
            // state steps or edits took from its start, as a state file they load last.
            SetupState setup = setup_of(*simulation_, view_);
            std::error_code error;
            const std::filesystem::path whole = std::filesystem::absolute(c.path, error);
            const std::filesystem::path where = error ? std::filesystem::path(c.path) : whole;
            GS_TRY(keep_style_picture(setup, *simulation_, style_picture_beside(where)));
            if (setup.steps > 0 || setup.edited) {
              const std::filesystem::path state = state_file_beside(where);
              GS_TRY(simulation_->apply(command::SaveState{state.string(), false}));
              setup.state_file = state.string();
            }
            if (!error) name_pictures_from(setup, whole.parent_path());
            const std::string text = setup_script(setup);
            return write_file_whole(c.path, text.data(), text.size());
          },
          [&](const command::Caption& c) {
            caption_.set(c.text);
            return Status::ok();
          },
          [&](const command::ScriptControl& c) {
            script_controls_.push_back(c.action);  // after this frame's lines (app_script.cpp)
            return Status::ok();
          },
          [&](const command::StartDemo& c) -> Status {
            if (c.part != command::DemoPart::Whole) {  // a part of the running script
              demo_part(c.part);
              return Status::ok();
            }
            Expected<DemoScript> demo = find_demo(c.name);
            if (!demo) return demo.status();
            GS_TRY_ASSIGN(next_script_, load_script_session(demo->path, ScriptFile::Found));
            next_script_->set_demo();
            return Status::ok();
          },
          [&](const command::Quit&) {
            quit_ = true;
            return Status::ok();
          },
          // Checked when the script loads (script_session.h).
          [&](const command::RequireCuda&) { return Status::ok(); },
          [&](const command::ViewZoom& c) -> Status {
            if (!(c.zoom >= 1.0f && c.zoom <= kMaxZoom))
              return Error{"view zoom must be from 1 to " + number_text(kMaxZoom)};
            view_.zoom = c.zoom;
            return Status::ok();
          },
          [&](const command::ViewCenter& c) -> Status {
            const GridSize grid = simulation_->size();
            if (!(c.x >= 0.0f && c.y >= 0.0f && c.x <= float(grid.width) &&
                  c.y <= float(grid.height)))
              return Error{"view center " + number_text(c.x) + " " + number_text(c.y) +
                           " is off the " + to_string(grid) + " grid"};
            view_.center = GridPoint{c.x, c.y};
            return Status::ok();
          },
          [&](const command::ViewReset&) {
            view_.zoom = 1.0f;
            view_.center.reset();
            return Status::ok();
          },
          // Script flow: the script runner holds the script back for these; nothing to apply.
          [&](const command::RunFrames&) { return Status::ok(); },
          [&](const command::Wait&) { return Status::ok(); },
          [&](const command::WaitTimings& c) {
            timings_wait_.start(c.max_seconds, origin);
            return Status::ok();
          },
      },
      command);
}

}  // namespace gs::app
