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
      outer_scripts_.clear();  // Esc in a demo a script started stops that script too
      continue;
    }
    if (!script_) continue;
    if (action == ScriptAction::Restart) caption_.dismiss();  // until its first caption again
    // Both replay the demo from its first line: from its defined start, as it first ran.
    if (script_->demo() && (action == ScriptAction::Restart || action == ScriptAction::Previous))
      apply_demo_start();
    GS_TRY(script_->control(action, [this](const Command& command, const std::string& origin) {
      return apply(command, origin);
    }));
  }
  return Status::ok();
}

void App::start_next_script() {
  // A script's `demo` line: that script waits for the demo's end. The panel's Demos menu or a
  // person's paste: the demo replaces whatever ran.
  if (next_script_from_script_ && script_)
    outer_scripts_.push_back(std::move(*script_));
  else
    outer_scripts_.clear();
  script_ = std::exchange(next_script_, std::nullopt);
  timings_wait_.cancel();  // the old script's
  if (!script_ || !script_->demo()) return;
  // What the lecturer had before the first of the demos now running.
  if (!demo_gives_back_) demo_gives_back_ = lecturer_settings(*simulation_, view_);
  apply_demo_start();
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
  // A demo that has ended, inside no other demo, gives the lecturer's settings back (its last
  // caption stays).
  const auto is_demo = [](const ScriptSession& session) { return session.demo(); };
  if (script_->finished() && script_->demo() &&
      std::none_of(outer_scripts_.begin(), outer_scripts_.end(), is_demo))
    give_back_demo_settings();
  if (!script_->finished() || outer_scripts_.empty()) return ends_app;
  // The demo has ended: the script that started it goes on from the line after its `demo`.
  script_ = std::move(outer_scripts_.back());
  outer_scripts_.pop_back();
  timings_wait_.cancel();
  return false;
}

Status App::refuse_demo_recursion(const DemoScript& demo) const {
  const auto is_demo = [&](const ScriptSession& session) {
    return names_same_file(session.path(), demo.path);
  };
  if ((script_ && is_demo(*script_)) ||
      std::any_of(outer_scripts_.begin(), outer_scripts_.end(), is_demo))
    return Error{"demo " + in_quotes(demo.name) +
                 " is already running: a demo cannot start itself, directly or through another"};
  return Status::ok();
}

}  // namespace gs::app
