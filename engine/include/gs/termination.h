// Terminating signals (Ctrl-C, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1...) turned into a flag that a
// program checks between units of work, so it can finish or remove what it is writing and exit
// 128 + the signal instead of dying mid-write. Both programs use it; SIGXFSZ is ignored, so a
// file-size limit fails the write instead of killing the process.
#pragma once

#include <string>

namespace gs {

void install_termination_handlers();
bool termination_requested();
// The first signal received (0 for none), and its name ("SIGINT").
int termination_signal();
std::string termination_signal_name();

// A signal's name ("SIGSEGV"), or "signal N" for one without a name.
std::string signal_name(int signal);

}  // namespace gs
