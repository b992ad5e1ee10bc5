// A script as the app runs it (script_session.h).
#include "script_session.h"

#include <algorithm>

#include "caption_truth.h"
#include "demo_inlining.h"
#include "gs/cuda_backend.h"
#include "script_checks.h"
#include "script_conditions.h"

namespace gs::app {

ScriptSession::ScriptSession(ScriptRunner runner, std::filesystem::path path, bool quit_at_end)
    : runner_(std::move(runner)), path_(std::move(path)), quit_at_end_(quit_at_end) {
  update_state();
}

Expected<ScriptSession> ScriptSession::load(const std::filesystem::path& given, bool quit_at_end,
                                            ScriptFile file, const DemoLookup& demos,
                                            bool hold_after_demos) {
  // `--script -` is read from standard input, as it comes, before any line runs.
  const std::filesystem::path path = given == "-" ? kStandardInputName : given;
  Expected<std::vector<ScriptLine>> lines = load_script(given, file);
  if (!lines) return lines.status();
  if (given != "-") find_inputs_beside(*lines, given.parent_path());
  // On every machine, the other machine's lines too.
  for (const ScriptLine& line : *lines) {
    // A script that sends itself back would run to that line again, for ever; going back is the
    // person's (keys, the bar), as is stopping.
    if (const auto* control = std::get_if<command::ScriptControl>(&line.command))
      if (control->action == ScriptAction::Previous || control->action == ScriptAction::Restart)
        return Error{script_name(path) + ":" + std::to_string(line.number) + ": script " +
                     to_string(control->action) +
                     ": a script cannot send itself back (it would never end); Page Up and "
                     "Home do, during a demo"};
  }
  GS_TRY(check_script_lines(*lines, path));
  auto source = std::make_shared<const Source>(
      Source{std::move(lines).value(), path, demos, hold_after_demos, quit_at_end});
  return for_machine(std::move(source), machine_here());
}

std::vector<std::string> ScriptSession::warnings(std::optional<Machine> starts_on) const {
  return caption_warnings(runner_.lines(), path_, machine_, starts_on.value_or(machine_));
}

Expected<ScriptSession> ScriptSession::for_machine(Machine machine) const {
  return for_machine(source_, machine);
}

Expected<ScriptSession> ScriptSession::for_machine(std::shared_ptr<const Source> source,
                                                   Machine machine) {
  const std::filesystem::path& path = source->path;
  Expected<std::vector<ScriptLine>> lines = lines_for_machine(source->lines, machine);
  if (source->demos) lines = inline_demos(std::move(lines).value(), path, source->demos, machine);
  if (!lines) return lines.status();
  bool requires_cuda = false;
  for (const ScriptLine& line : *lines) {
    if (!std::holds_alternative<command::RequireCuda>(line.command)) continue;
    if (const std::optional<std::string> why = cuda_unavailable_reason())
      return Error{script_name(path) + ":" + std::to_string(line.number) +
                   ": require cuda: cuda unavailable: " + *why};
    requires_cuda = true;
  }
  ScriptSession session(ScriptRunner(std::move(lines).value(), source->hold_after_demos), path,
                        source->quit_at_end);
  session.requires_cuda_ = requires_cuda;
  session.machine_ = machine;
  session.source_ = std::move(source);
  return session;
}

Status ScriptSession::apply_lines(const std::vector<const ScriptLine*>& lines,
                                  const Apply& apply) const {
  for (const ScriptLine* line : lines) {
    const std::string origin = script_name(line->source.empty() ? path_ : line->source) + ":" +
                               std::to_string(line->number) + ": ";
    if (Status status = apply(line->command, origin); !status)
      return Error{origin + status.message()};
  }
  return Status::ok();
}

Status ScriptSession::run_due(double now_s, bool running, bool busy, const Apply& apply) {
  const double timeline_s = timeline_.advance(now_s, running);
  if (timeline_.held()) return Status::ok();
  return apply_lines(runner_.due(timeline_s, busy), apply);
}

bool ScriptSession::frame_shown() {
  if (!timeline_.held()) runner_.frame_shown();  // held, `run-frames` counts no frames either
  if (!runner_.finished()) return false;
  update_state();
  return quit_at_end_;
}

Status ScriptSession::control(ScriptAction action, const Apply& apply) {
  const int caption = runner_.caption_index();
  std::vector<const ScriptLine*> lines;
  switch (action) {
    case ScriptAction::Next:
      // Held after a demo's last caption with no caption after it: the script goes on.
      if (runner_.holding() && caption >= runner_.caption_count()) {
        runner_.release();
        break;
      }
      lines = runner_.jump_to_caption(caption + 1);
      break;
    case ScriptAction::Previous:
      // Before the first caption there is none to go back to: the script starts again.
      if (caption == 0) return control(ScriptAction::Restart, apply);
      lines = runner_.jump_to_caption(std::max(caption - 1, 1));
      break;
    case ScriptAction::Restart:
      runner_.restart();
      timeline_.release();  // starting again is starting: the script's own lines run it
      break;
    case ScriptAction::Stop:
      break;
  }
  update_state();
  if (lines.empty()) return Status::ok();
  GS_TRY(apply_lines(lines, apply));
  // The person's pause holds at the new caption: what the lines ran is paused again.
  if (timeline_.held()) return apply(command::Pause{}, "");
  return Status::ok();
}

ScriptProgress ScriptSession::progress() const {
  return {path_.stem().string(), runner_.caption_index(), runner_.caption_count(), timeline_.held(),
          runner_.finished()};
}

void ScriptSession::update_state() {
  const std::string name = path_.filename().string();
  if (!runner_.finished())
    state_ = "Script " + name + " running";
  else if (quit_at_end_)
    state_ = "Script " + name + " finished";
  else
    state_ = "Script " + name + " finished; the app stays open (--exit-after-script ends with it)";
}

}  // namespace gs::app
