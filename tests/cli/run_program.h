// Runs a program with arguments and captures its exit code, stdout and stderr, so tests can
// drive the real grayscott-batch binary as a user would.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gs::test {

// A program's arguments; `a + b` is a run's arguments built from shared parts.
using Args = std::vector<std::string>;
Args operator+(Args a, const Args& b);

// A double as text that reads back as the same double (%.17g).
std::string exact_number(double value);

struct ProgramResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

ProgramResult run_program(const std::string& program, const std::vector<std::string>& args);

// Starts a program in the background, stdin from /dev/null and stdout and stderr into these
// files; returns its pid (throws when it cannot start). For tests that signal a running program.
// With `own_group`, it leads a process group of its own (to end it with all it started).
int spawn_program(const std::string& program, const std::vector<std::string>& args,
                  const std::filesystem::path& out, const std::filesystem::path& err,
                  bool own_group = false);

// Waits up to `limit` for a started program to end: its waitpid status, or none where it was
// still running (it is then killed with SIGKILL and reaped).
std::optional<int> wait_for_exit(int pid, std::chrono::milliseconds limit);

// A waitpid status as an exit code: the code, or 128 + the signal that killed the program.
int exit_code_of(int wait_status);

// A whole file's bytes ("" where it cannot be read).
std::string read_file(const std::filesystem::path& path);

// grayscott-batch with these arguments.
ProgramResult run_batch(const Args& args);

#ifdef GS_SHEET_BINARY
// grayscott-sheet with these arguments (in the test programs that name its binary).
inline ProgramResult run_sheet(const Args& args) {
  return run_program(GS_SHEET_BINARY, args);
}
#endif

#ifdef GS_XVFB_RUN
// xvfb-run's arguments up to the program it runs: an X server of its own (with a WxH screen,
// 24-bit, where `screen` is given), on the first free display from a number this process's id
// picks, so that tests running at once do not race for one free number (xvfb-run -a alone starts
// every search at 99).
inline Args xvfb_run(const std::string& screen = "") {
  Args args{GS_XVFB_RUN, "-a", "-n", std::to_string(100 + ::getpid() % 4000 * 5)};
  if (!screen.empty()) args.insert(args.end(), {"-s", "-screen 0 " + screen + "x24"});
  return args;
}
#endif

// Whether `text` is exactly one line, ending in a newline (a program's one-line message).
bool is_one_line(const std::string& text);

// A fresh empty folder under the system temp folder, removed when the object dies.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  // Names of the entries in the folder, hidden temporary files included.
  std::vector<std::string> entries() const;
  // Whether an output's hidden temporary (".NAME.tmp-...") is there.
  bool has_temporary_file() const;
  // Whether an output is being written: a temporary holding data. (The writability check at
  // the start creates and removes an empty temporary, which a waiting test must not take for
  // the output under way.)
  bool has_output_under_way() const;

 private:
  std::filesystem::path path_;
};

// Sets an environment variable for the programs a test starts, and removes it after.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const char* value) : name_(name) { ::setenv(name, value, 1); }
  ~ScopedEnvironment() { ::unsetenv(name_); }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  const char* name_;
};

}  // namespace gs::test
