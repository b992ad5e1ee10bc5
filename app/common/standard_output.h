// A program's last word on its standard output: what it printed (a table, JSON, --help) must
// have arrived. A full disk, a closed descriptor or a failed device ends the program with one
// line and exit status 1, not a 0 that claims the output was written; a pipe whose reader has
// gone ends it with the same line and 141, the status SIGPIPE gives (the programs catch the
// signal, gs/termination.h, so the write fails with EPIPE instead). The three programs' main
// functions start with hold_closed_standard_streams and end through exit_after_output.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace gs::cli {

// Started with standard input, output or error closed, a program's next open() would take that
// descriptor, and what it prints would land in a file it opened (an output, say). Each closed
// one is held by /dev/null opened the other way round, so a write to a closed standard output
// still fails (EBADF) and is reported at exit, and no file takes its place. First thing in main.
inline void hold_closed_standard_streams() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
    if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
      const int held = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
      if (held >= 0 && held != fd) {
        ::dup2(held, fd);
        ::close(held);
      }
    }
}

// `exit_code` when everything written to standard output arrived (or when the program already
// failed: its own message stands), else 1 (141 for a broken pipe) after one line on stderr naming
// the reason.
inline int exit_after_output(int exit_code, const char* program) {
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  if ((flushed && !std::ferror(stdout) && std::cout.good()) || exit_code != 0) return exit_code;
  // The stream keeps no reason, and the write that failed may be long past: one more byte asks
  // the descriptor again (a full disk and a closed descriptor refuse it as they refused the rest).
  const int error = ::write(STDOUT_FILENO, "\n", 1) < 0 ? errno : 0;
  std::cerr << program << ": error: cannot write to standard output: "
            << (error != 0 ? std::strerror(error) : "a write failed") << "\n";
  return error == EPIPE ? 128 + SIGPIPE : 1;
}

}  // namespace gs::cli
