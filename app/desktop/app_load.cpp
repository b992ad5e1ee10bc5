// The app's `load`, in the background (core/state_load.h): started by the command, followed and
// drawn each frame, adopted between frames once read; cancelled by Esc or the Cancel button.
// A script's `load` holds the script until it ends (app_script.cpp), so scripts stay
// deterministic. Main thread only.
#include <imgui.h>

#include <iostream>

#include "app.h"
#include "load_progress.h"

namespace gs::app {

Status App::start_load(const std::string& path, const std::string& origin) {
  // The later load is the one asked for: an earlier one still reading is dropped.
  load_.reset();
  load_ = std::make_unique<StateLoad>(path, Simulation::kLoadBytesPerCell, origin);
  return Status::ok();
}

Status App::finish_load() {
  if (!load_ || !load_->done()) return Status::ok();
  const std::unique_ptr<StateLoad> load = std::move(load_);
  Expected<StateFile> state = load->take();
  Status adopted = state.status();
  if (state) {  // applied as `load` is, the file now read
    simulation_->hand_in_state(std::move(state).value(), load->path());
    adopted = apply_to_simulation(command::LoadState{load->path()});
  }
  if (adopted) return Status::ok();
  // A script's failed load ends the script as its other errors do; the person's is said.
  if (!load->origin().empty()) return Error{load->origin() + adopted.message()};
  std::cerr << "grayscott: " << adopted.message() << "\n";
  caption_.show_notice(adopted.message());
  return Status::ok();
}

void App::cancel_load() {
  if (!load_) return;
  const std::string message =
      "cancelled loading '" + load_->path() + "': the simulation goes on as it was";
  load_.reset();  // the reader notices within a tenth of a second
  std::cerr << "grayscott: " << message << "\n";
  caption_.show_notice(message);
}

void App::draw_load() {
  if (!load_) return;
  std::string text;
  if (!draw_load_progress(load_->path(), load_->progress(), layout_.field, text)) return;
  // Cancel stops a script waiting for its load too, as Esc does.
  if (!load_->origin().empty()) script_controls_.push_back(ScriptAction::Stop);
  cancel_load();
}

}  // namespace gs::app
