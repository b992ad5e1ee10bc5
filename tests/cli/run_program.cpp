#include "run_program.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace gs::test {

Args operator+(Args a, const Args& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool is_one_line(const std::string& text) {
  return !text.empty() && std::count(text.begin(), text.end(), '\n') == 1 && text.back() == '\n';
}

std::string exact_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

namespace {}  // namespace

int spawn_program(const std::string& program, const std::vector<std::string>& args,
                  const std::filesystem::path& out, const std::filesystem::path& err,
                  bool own_group) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);

  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (own_group) {
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  pid_t pid = 0;
  const int spawned =
      posix_spawn(&pid, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) throw std::runtime_error("cannot start " + program);
  return pid;
}

std::optional<int> wait_for_exit(int pid, std::chrono::milliseconds limit) {
  const auto given_up = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > given_up) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return status;
}

int exit_code_of(int wait_status) {
  return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
}

ProgramResult run_program(const std::string& program, const std::vector<std::string>& args) {
  // Output goes to files rather than pipes: no deadlock on large output, no poll loop.
  ScratchDir capture;
  const pid_t pid = spawn_program(program, args, capture / "stdout", capture / "stderr");
  int status = 0;
  waitpid(pid, &status, 0);
  ProgramResult result;
  result.exit_code = exit_code_of(status);
  result.out = read_file(capture / "stdout");
  result.err = read_file(capture / "stderr");
  return result;
}

ProgramResult run_batch(const std::vector<std::string>& args) {
  return run_program(GS_BATCH_BINARY, args);
}

ScratchDir::ScratchDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "gs-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a scratch folder");
  path_ = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::vector<std::string> ScratchDir::entries() const {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(path_))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

bool ScratchDir::has_temporary_file() const {
  for (const std::string& name : entries())
    if (name.find(".tmp-") != std::string::npos) return true;
  return false;
}

bool ScratchDir::has_output_under_way() const {
  for (const std::string& name : entries()) {
    std::error_code gone;  // a temporary may be renamed or removed between listing and sizing
    if (name.find(".tmp-") != std::string::npos &&
        std::filesystem::file_size(path_ / name, gone) > 0 && !gone)
      return true;
  }
  return false;
}

}  // namespace gs::test
