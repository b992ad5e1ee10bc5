// Lines for one kind of machine: a script may say what to do where CUDA runs and where it does
// not, in blocks
//     if gpu            (or: if no-gpu)
//     ...lines...
//     else              (optional)
//     ...lines...
//     end
// Every line is parsed on every machine (a mistake in either branch fails everywhere), and the
// lines that do not apply are dropped when the script is loaded, before it runs: the runner
// sees only this machine's lines. Blocks do not nest.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "gs/status.h"

namespace gs::app {

struct ScriptLine;

enum class MachineCondition { Any, Gpu, NoGpu };

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

// The `if gpu` test: whether CUDA runs on this machine (a device and a driver that work).
bool cuda_runs_here();

// The lines that apply where CUDA runs (`gpu`) or where it does not; the others are dropped.
std::vector<ScriptLine> lines_for_machine(std::vector<ScriptLine> lines, bool gpu);

}  // namespace gs::app
