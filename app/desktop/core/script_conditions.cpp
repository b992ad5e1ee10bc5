// Lines for one kind of machine (script_conditions.h).
#include "script_conditions.h"

#include <algorithm>
#include <atomic>
#include <string>

#include "gs/cuda_backend.h"
#include "script_parser.h"
#include "script_words.h"

namespace gs::app {

Expected<bool> ConditionBlocks::take(std::string_view line, int number) {
  const std::vector<std::string_view> words = split_words(line);
  const std::string_view word = words.front();
  if (word == "if") {
    if (open_at_)
      return Error{"if: blocks do not nest (the if on line " + std::to_string(*open_at_) +
                   " has no end yet)"};
    if (words.size() != 2 || (words[1] != "gpu" && words[1] != "gl" && words[1] != "no-gpu"))
      return Error{"if needs gpu, gl or no-gpu"};
    open_at_ = number;
    opened_ = words[1] == "gpu"  ? MachineCondition::Gpu
              : words[1] == "gl" ? MachineCondition::Gl
                                 : MachineCondition::NoGpu;
    in_else_ = false;
    return true;
  }
  if (word == "else" || word == "end") {
    const std::string name(word);
    if (words.size() != 1) return Error{name + " takes no arguments"};
    if (!open_at_) return Error{name + " without an if gpu, if gl or if no-gpu before it"};
    if (word == "end") {
      open_at_.reset();
      return true;
    }
    if (in_else_) return Error{"else: the block has an else already"};
    in_else_ = true;
    return true;
  }
  return false;
}

MachineCondition ConditionBlocks::current() const {
  if (!open_at_) return MachineCondition::Any;
  if (!in_else_) return opened_;
  return MachineCondition(unsigned(MachineCondition::Any) & ~unsigned(opened_));
}

bool cuda_runs_here() {
  return !cuda_unavailable_reason().has_value();
}

namespace {
std::atomic<bool> gl_compute_here{false};
}  // namespace

void record_gl_compute_here(bool hardware) {
  gl_compute_here = hardware;
}

Machine machine_here() {
  if (cuda_runs_here()) return Machine::Cuda;
  return gl_compute_here ? Machine::Gl : Machine::Cpu;
}

Machine machine_of(BackendKind kind) {
  switch (kind) {
    case BackendKind::Cuda:
      return Machine::Cuda;
    case BackendKind::Gl:
      return Machine::Gl;
    case BackendKind::CpuTwin:
      return Machine::Cpu;
  }
  return Machine::Cpu;
}

const char* describe(Machine machine) {
  switch (machine) {
    case Machine::Cuda:
      return "CUDA";
    case Machine::Gl:
      return "a GPU without CUDA (the gl backend)";
    case Machine::Cpu:
      return "no GPU (the CPU twin)";
  }
  return "?";
}

std::vector<ScriptLine> lines_for_machine(std::vector<ScriptLine> lines, Machine machine) {
  lines.erase(std::remove_if(lines.begin(), lines.end(),
                             [&](const ScriptLine& line) { return !applies(line.when, machine); }),
              lines.end());
  return lines;
}

}  // namespace gs::app
