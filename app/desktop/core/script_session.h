// A script as the app runs it: its lines applied as frames pass (script_runner.h) on its own
// clock (script_timeline.h: a person's pause holds it), each with its origin ("FILE:LINE: ") for
// messages; the first failing line ends the script as an error naming it. A lecturer moves it
// to the next or previous caption or restarts it (control()). Its state is a line for the panel;
// when it ends, the app may end with it (headless runs, --exit-after-script) or stay open for the
// person at the keyboard. A script that requires CUDA does not load where CUDA does not run.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "demo_inlining.h"
#include "lesson_report.h"
#include "script_conditions.h"
#include "script_runner.h"
#include "script_timeline.h"

namespace gs::app {

// How messages name a script read from standard input (`--script -`).
inline constexpr const char* kStandardInputName = "<stdin>";

class ScriptSession {
 public:
  // Applies a command; `origin` is the line's "FILE:LINE: ".
  using Apply = std::function<Status(const Command& command, const std::string& origin)>;

  // A path of "-" reads the script from standard input; a demo is a file the app found
  // (script_source.h). With `demos`, its `demo` lines are replaced by the demos' lines
  // (demo_inlining.h); with `hold_after_demos` (a person can step through), it waits after each
  // such demo's last caption until the person moves on.
  // Every machine's lines are checked; this machine's (machine_here()) are kept.
  static Expected<ScriptSession> load(const std::filesystem::path& path, bool quit_at_end,
                                      ScriptFile file = ScriptFile::Named,
                                      const DemoLookup& demos = nullptr,
                                      bool hold_after_demos = false);
  // The same script, not yet run, with `machine`'s lines: the app loads its script before it
  // opens a window (a bad script fails at once) and learns only from its GL context whether the
  // GPU runs the gl backend, which has lines of its own (script_conditions.h).
  Expected<ScriptSession> for_machine(Machine machine) const;
  Machine machine() const { return machine_; }
  // Captions that name what this machine will not show (caption_truth.h), for the app to print
  // once the machine is settled: judged, until a `backend` line, on the backend the script starts
  // on (`starts_on`; by default this machine's own).
  std::vector<std::string> warnings(std::optional<Machine> starts_on = std::nullopt) const;

  // The lines due at wall-clock `now_s` (none while a person's pause holds the script);
  // `running` is the simulation's state, `busy` while single steps asked earlier still run.
  Status run_due(double now_s, bool running, bool busy, const Apply& apply);
  // After a person's commands were applied: a person who stopped the simulation holds the script.
  void person_acted(bool was_running, bool running) {
    timeline_.person_acted(was_running, running);
  }
  // After each shown frame; true when the script has ended and the app should end with it.
  bool frame_shown();
  // When the next line is due, on run_due's wall clock (infinity while held or finished).
  double next_due_s() const { return timeline_.wall_time_of(runner_.next_due_s()); }
  // A lecturer's next, previous or restart (ScriptRunner::jump_to_caption, restart): the lines a
  // jump replays are applied now; a script a person had paused stays paused at the new caption.
  // Next past the last caption does nothing. Restart runs from the first line, paced. Stop is
  // the app's: it ends the session.
  Status control(ScriptAction action, const Apply& apply);
  bool finished() const { return runner_.finished(); }
  bool quit_at_end() const { return quit_at_end_; }
  // The script's file ("<stdin>" for standard input).
  const std::filesystem::path& path() const { return path_; }
  ScriptProgress progress() const;
  // "Script demo.gs running", or finished and what that means.
  const std::string& state() const { return state_; }
  // A `require cuda` line: CUDA-only lines fail rather than fall back.
  bool requires_cuda() const { return requires_cuda_; }
  // A shipped demo (`demo NAME`, the Demos menu): it starts from a defined state and gives the
  // lecturer's settings back (demo_settings.h).
  void set_demo() { demo_ = true; }
  bool demo() const { return demo_; }
  // How many of the script's demos (demo_inlining.h) it is inside, at the line it runs next.
  int demo_depth() const { return runner_.demo_depth(); }

 private:
  // The script as read and checked, every machine's lines, shared by its sessions.
  struct Source {
    std::vector<ScriptLine> lines;
    std::filesystem::path path;
    DemoLookup demos;
    bool hold_after_demos;
    bool quit_at_end;
  };
  static Expected<ScriptSession> for_machine(std::shared_ptr<const Source> source, Machine machine);
  ScriptSession(ScriptRunner runner, std::filesystem::path path, bool quit_at_end);
  Status apply_lines(const std::vector<const ScriptLine*>& lines, const Apply& apply) const;
  void update_state();

  ScriptRunner runner_;
  ScriptTimeline timeline_;
  std::filesystem::path path_;
  bool quit_at_end_;
  bool requires_cuda_ = false;
  bool demo_ = false;
  Machine machine_ = Machine::Cpu;
  std::shared_ptr<const Source> source_;
  std::string state_;
};

}  // namespace gs::app
