// Reading a script's text (script_source.h): plain read(2) on a descriptor, so an interrupted
// read returns to us (the standard streams retry a read a signal interrupted, and a script from
// `yes` never lets them stop) and the size is counted as the bytes come.
#include "script_source.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gs/output_file.h"
#include "gs/termination.h"
#include "script_session.h"

namespace gs::app {
namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;
constexpr int kPollMs = 250;  // how long a wait for input goes without looking for a signal

// Closes a descriptor the reader opened (never standard input) however the read ends.
struct OpenedFile {
  int fd = -1;
  bool owned = false;
  ~OpenedFile() {
    if (owned) ::close(fd);
  }
};

}  // namespace

std::string script_name(const std::filesystem::path& path) {
  return path == "-" ? kStandardInputName : printable_path(path);
}

Expected<std::string> read_script_text(const std::filesystem::path& path, ScriptFile file) {
  const std::string name = script_name(path);
  const auto cannot = [&](const std::string& reason) {
    return Error{"cannot read script '" + name + "': " + reason};
  };
  const auto interrupted = [&] {
    return Error{"reading script '" + name + "' was interrupted by " + termination_signal_name()};
  };
  OpenedFile opened;
  if (path == "-") {
    opened.fd = STDIN_FILENO;
  } else {
    // A person's FIFO waits for its writer here; a signal ends the wait (no SA_RESTART).
    const int flags = O_RDONLY | O_CLOEXEC | (file == ScriptFile::Found ? O_NONBLOCK : 0);
    do opened.fd = ::open(path.c_str(), flags);
    while (opened.fd < 0 && errno == EINTR && !termination_requested());
    if (termination_requested()) {
      if (opened.fd >= 0) ::close(opened.fd);
      return interrupted();
    }
    if (opened.fd < 0) return cannot(std::strerror(errno));
    opened.owned = true;
    struct stat info {};
    if (::fstat(opened.fd, &info) != 0) return cannot(std::strerror(errno));
    if (S_ISDIR(info.st_mode)) return cannot("it is a directory");
    if (file == ScriptFile::Found && !S_ISREG(info.st_mode))
      return cannot("not a regular file (a demo must be one)");
  }
  std::string text;
  std::size_t newlines = 0;
  char chunk[kChunkBytes];
  for (;;) {
    if (termination_requested()) return interrupted();
    const ssize_t got = ::read(opened.fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;  // the signal is checked above
    if (got < 0 && errno == EAGAIN) {         // standard input left non-blocking by another program
      pollfd ready{opened.fd, POLLIN, 0};
      ::poll(&ready, 1, kPollMs);
      continue;
    }
    if (got < 0) return cannot(std::strerror(errno));
    if (got == 0) break;
    if (text.size() + std::size_t(got) > kMaxScriptBytes)
      return Error{"script '" + name + "' is longer than " + std::to_string(kMaxScriptBytes) +
                   " bytes (" + std::to_string(kMaxScriptBytes >> 20) +
                   " MiB), the most a script may hold"};
    newlines += std::size_t(std::count(chunk, chunk + got, '\n'));
    text.append(chunk, std::size_t(got));
    const std::size_t lines = newlines + (text.back() != '\n' ? 1 : 0);
    if (lines > kMaxScriptLines)
      return Error{"script '" + name + "' has more than " + std::to_string(kMaxScriptLines) +
                   " lines, the most a script may hold"};
  }
  return text;
}

}  // namespace gs::app
