// The running script (a demo is one) and its caption as the app carries them: the script's due
// lines on its own clock, the person's commands (which may hold the script or take a left-over
// caption away), and the lecturer's next, previous, restart and stop. Main thread only.
#include <iostream>

#include "app.h"

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

void App::apply_person_commands() {
  const bool was_running = simulation_->running();
  for (const Command& command : queue_) {
    caption_.person_command(command);
    if (const Status status = apply(command); !status) {
      std::cerr << "grayscott: " << status.message() << "\n";
      // A state not saved or not loaded is said in the window too (the panel may be hidden).
      if (std::holds_alternative<command::SaveState>(command) ||
          std::holds_alternative<command::LoadState>(command))
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
      script_.reset();
      continue;
    }
    if (!script_) continue;
    if (action == ScriptAction::Restart) caption_.dismiss();  // until its first caption again
    GS_TRY(script_->control(action, [this](const Command& command, const std::string& origin) {
      return apply(command, origin);
    }));
  }
  return Status::ok();
}

}  // namespace gs::app
