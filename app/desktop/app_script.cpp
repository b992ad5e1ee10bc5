// The running script (a demo is one) and its caption as the app carries them: the script's due
// lines on its own clock, the person's commands (which may hold the script or take a left-over
// caption away), and the lecturer's next, previous, restart and stop. Main thread only.
#include <algorithm>
#include <iostream>

#include "app.h"
#include "file_drop.h"
#include "gs/output_file.h"
#include "script_words.h"

namespace gs::app {

Status App::run_script(double now_s) {
  caption_.update(now_s, script_ && !script_->finished());
  if (!script_) return Status::ok();
  const bool paused = !simulation_->running() && simulation_->pending_steps() == 0;
  std::string gave_up;
  const bool timings_stale = timings_wait_.holds(now_s, stats_.fresh(), paused, gave_up);
  if (!gave_up.empty()) std::cerr << "grayscott: " << gave_up << "\n";
  const bool busy =
      (!simulation_->running() && simulation_->pending_steps() > 0) || timings_stale || load_;
  return script_->run_due(
      now_s, simulation_->running(), busy,
      [this](const Command& command, const std::string& origin) { return apply(command, origin); });
}

void App::queue_file_drops() {
  for (const FileDrop& drop : surface_->take_file_drops()) {
    const DropAction action = drop_action(drop);
    if (!action.notice.empty()) {
      std::cerr << "grayscott: " << action.notice << "\n";
      caption_.show_notice(action.notice);
    }
    if (action.command) queue_.push_back(*action.command);
  }
}

void App::apply_person_commands() {
  const bool was_running = simulation_->running();
  for (const Command& command : queue_) {
    caption_.person_command(command);
    if (const Status status = apply(command); !status) {
      std::cerr << "grayscott: " << status.message() << "\n";
      // A state not saved or not loaded is said in the window too (the panel may be hidden).
      if (std::holds_alternative<command::SaveState>(command) ||
          std::holds_alternative<command::LoadState>(command) ||
          std::holds_alternative<command::SeedImage>(command))
        caption_.show_notice(status.message());
    }
  }
  queue_.clear();
  if (script_) script_->person_acted(was_running, simulation_->running());
}

Status App::apply_script_controls() {
  for (const ScriptAction action : std::exchange(script_controls_, {})) {
    timings_wait_.cancel();  // the script moves on; its lines may start another
    if (action == ScriptAction::Stop) {
      cancel_load();  // Esc stops a load under way first of all
      // Esc with no script running dismisses the caption alone.
      caption_.dismiss();
      if (script_ && script_->quit_at_end()) quit_ = true;  // as at the script's end
      give_back_demo_settings();
      script_.reset();
      continue;
    }
    if (!script_) continue;
    if (action == ScriptAction::Restart) caption_.dismiss();  // until its first caption again
    // Both replay from the first line. A demo replays from its defined start, as it first ran;
    // a script with demos inside gets the lecturer's settings back first, and its replayed lines
    // start any demo the caption is inside again.
    if (action == ScriptAction::Restart || action == ScriptAction::Previous) {
      if (script_->demo())
        apply_demo_start();
      else
        give_back_demo_settings();
    }
    GS_TRY(script_->control(action, [this](const Command& command, const std::string& origin) {
      return apply(command, origin);
    }));
  }
  return Status::ok();
}

void App::start_next_script() {
  // A person's demo (the Demos list, a paste) replaces whatever ran.
  give_back_demo_settings();  // of a demo inside the script it replaces
  script_ = std::exchange(next_script_, std::nullopt);
  timings_wait_.cancel();  // the old script's
  if (!script_ || !script_->demo()) return;
  demo_part(command::DemoPart::Begins);
}

Expected<ScriptSession> App::load_script_session(const std::filesystem::path& path,
                                                 ScriptFile file) const {
  Expected<ScriptSession> session = ScriptSession::load(
      path, options_.headless || options_.exit_after_script, file,
      [](const std::string& name) { return find_demo(name); }, !options_.headless);
  if (session && simulation_) print_warnings(*session);  // the start's script waits for its GL
  return session;
}

void App::print_warnings(const ScriptSession& session) const {
  for (const std::string& warning : session.warnings(machine_of(simulation_->backend().kind())))
    std::cerr << "grayscott: " << warning << "\n";
}

void App::demo_part(command::DemoPart part) {
  if (part == command::DemoPart::Begins) {
    // What the lecturer had before the first of the demos now under way.
    if (!demo_gives_back_) demo_gives_back_ = lecturer_settings(*simulation_, view_);
    apply_demo_start();
    return;
  }
  // Ends: given back once no demo is under way (a demo's own lines may hold another).
  if (script_ && (script_->demo() || script_->demo_depth() > 0)) return;
  give_back_demo_settings();
}

void App::apply_demo_start() {
  for (const Command& command : demo_start_commands()) note_failure(apply(command));
}

void App::give_back_demo_settings() {
  if (!demo_gives_back_) return;
  for (const Command& command : give_back_commands(*demo_gives_back_)) note_failure(apply(command));
  demo_gives_back_.reset();
}

bool App::script_frame_shown() {
  if (!script_) return false;
  const bool ends_app = script_->frame_shown();
  // A demo that has ended gives the lecturer's settings back (its last caption stays).
  if (script_->finished() && script_->demo()) give_back_demo_settings();
  return ends_app;
}

}  // namespace gs::app
