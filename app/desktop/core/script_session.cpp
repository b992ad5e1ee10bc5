// A script as the app runs it (script_session.h).
#include "script_session.h"

#include <iostream>
#include <iterator>

#include "gs/cuda_backend.h"
#include "script_conditions.h"

namespace gs::app {
namespace {

// `--script -`: the whole of standard input, parsed before any line runs.
Expected<std::vector<ScriptLine>> load_standard_input() {
  const std::string text{std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>()};
  if (std::cin.bad()) return Error{"cannot read script from standard input"};
  return parse_script(text, kStandardInputName);
}

}  // namespace

ScriptSession::ScriptSession(ScriptRunner runner, std::filesystem::path path, bool quit_at_end)
    : runner_(std::move(runner)),
      path_(std::move(path)),
      quit_at_end_(quit_at_end),
      state_("Script " + path_.filename().string() + " running") {}

Expected<ScriptSession> ScriptSession::load(const std::filesystem::path& given, bool quit_at_end) {
  const bool standard_input = given == "-";
  const std::filesystem::path path = standard_input ? kStandardInputName : given;
  Expected<std::vector<ScriptLine>> lines =
      standard_input ? load_standard_input() : load_script(path);
  if (!lines) return lines.status();
  lines = lines_for_machine(std::move(lines).value(), cuda_runs_here());
  bool requires_cuda = false;
  for (const ScriptLine& line : *lines) {
    if (!std::holds_alternative<command::RequireCuda>(line.command)) continue;
    if (const std::optional<std::string> why = cuda_unavailable_reason())
      return Error{path.string() + ":" + std::to_string(line.number) +
                   ": require cuda: cuda unavailable: " + *why};
    requires_cuda = true;
  }
  ScriptSession session(ScriptRunner(std::move(lines).value()), path, quit_at_end);
  session.requires_cuda_ = requires_cuda;
  return session;
}

Status ScriptSession::run_due(double now_s, bool busy, const Apply& apply) {
  for (const ScriptLine* line : runner_.due(now_s, busy)) {
    const std::string origin = path_.string() + ":" + std::to_string(line->number) + ": ";
    if (Status status = apply(line->command, origin); !status)
      return Error{origin + status.message()};
  }
  return Status::ok();
}

bool ScriptSession::frame_shown() {
  runner_.frame_shown();
  if (!runner_.finished()) return false;
  if (!quit_at_end_)
    state_ = "Script " + path_.filename().string() +
             " finished; the app stays open (--exit-after-script ends with it)";
  return quit_at_end_;
}

}  // namespace gs::app
