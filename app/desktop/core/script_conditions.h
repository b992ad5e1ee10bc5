// Lines for one kind of machine: a script may say what to do where CUDA runs (`gpu`), on a GPU
// without CUDA, where the gl backend runs (`gl`), and on neither, the CPU twin (`no-gpu`), in
// blocks
//     if gpu            (or: if gl, if no-gpu)
//     ...lines...
//     else              (optional: the other two kinds)
//     ...lines...
//     end
// Every line is parsed on every machine (a mistake in any branch fails everywhere), and the
// lines that do not apply are dropped when the script is loaded, before it runs: the runner
// sees only this machine's lines. Blocks do not nest.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "gs/backend_capabilities.h"
#include "gs/status.h"

namespace gs::app {

struct ScriptLine;

// The three kinds of machine, as bits of a MachineCondition.
enum class Machine : unsigned { Cuda = 1, Gl = 2, Cpu = 4 };

// The machines a line applies to: every one, an `if`'s one, or its `else`'s other two.
enum class MachineCondition : unsigned {
  Any = 7,
  Gpu = 1,       // if gpu: CUDA runs
  Gl = 2,        // if gl: a GPU without CUDA, the gl backend
  NoGpu = 4,     // if no-gpu: the CPU twin
  NotGpu = 6,    // else of if gpu
  NotGl = 5,     // else of if gl
  NotNoGpu = 3,  // else of if no-gpu
};
inline bool applies(MachineCondition when, Machine here) {
  return (unsigned(when) & unsigned(here)) != 0;
}

// Follows the blocks through a script, one trimmed line at a time.
class ConditionBlocks {
 public:
  // True when `line` is `if gpu`, `if no-gpu`, `else` or `end` (it is the block's, not a command);
  // an error for one out of place (else or end outside a block, an if inside one, a second else).
  Expected<bool> take(std::string_view line, int number);
  // Which machines the next command line applies to.
  MachineCondition current() const;
  // The line of an `if` left without its `end`, once the script is read.
  std::optional<int> unclosed_line() const { return open_at_; }

 private:
  std::optional<int> open_at_;
  MachineCondition opened_ = MachineCondition::Any;
  bool in_else_ = false;
};

// Whether CUDA runs on this machine (a device and a driver that work).
bool cuda_runs_here();
// What this machine is: CUDA where it runs, else `gl` where the app found its GL context to be
// a hardware GPU with compute shaders (record_gl_compute_here), else the CPU twin's.
Machine machine_here();
// The app, once its GL context is up and before any script loads: whether the gl backend would
// run there on a hardware GPU. One fact per process, as whether CUDA runs is.
void record_gl_compute_here(bool hardware);
// The machine whose paths a backend shows: CUDA's, the gl backend's, or the twin's.
Machine machine_of(BackendKind kind);
// "CUDA", "a GPU without CUDA (the gl backend)", "no GPU (the CPU twin)": for messages.
const char* describe(Machine machine);

// The lines that apply on `machine`; the others are dropped.
std::vector<ScriptLine> lines_for_machine(std::vector<ScriptLine> lines, Machine machine);

}  // namespace gs::app
