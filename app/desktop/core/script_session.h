// A script as the app runs it: its lines applied as frames pass (script_runner.h), each with its
// origin ("FILE:LINE: ") for messages; the first failing line ends the script as an error naming
// it. Its state is a line for the panel; when it ends, the app may end with it (headless runs,
// --exit-after-script) or stay open for the person at the keyboard. A script that requires CUDA
// does not load where CUDA does not run.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "script_runner.h"

namespace gs::app {

// How messages name a script read from standard input (`--script -`).
inline constexpr const char* kStandardInputName = "<stdin>";

class ScriptSession {
 public:
  // Applies a command; `origin` is the line's "FILE:LINE: ".
  using Apply = std::function<Status(const Command& command, const std::string& origin)>;

  // A path of "-" reads the script from standard input.
  static Expected<ScriptSession> load(const std::filesystem::path& path, bool quit_at_end);

  // The lines due now; `busy` while single steps asked earlier still run.
  Status run_due(double now_s, bool busy, const Apply& apply);
  // After each shown frame; true when the script has ended and the app should end with it.
  bool frame_shown();
  // When the next line is due (ScriptRunner::next_due_s), on run_due's clock.
  double next_due_s() const { return runner_.next_due_s(); }
  // "Script demo.gs running", or finished and what that means.
  const std::string& state() const { return state_; }
  // A `require cuda` line: CUDA-only lines fail rather than fall back.
  bool requires_cuda() const { return requires_cuda_; }

 private:
  ScriptSession(ScriptRunner runner, std::filesystem::path path, bool quit_at_end);

  ScriptRunner runner_;
  std::filesystem::path path_;
  bool quit_at_end_;
  bool requires_cuda_ = false;
  std::string state_;
};

}  // namespace gs::app
