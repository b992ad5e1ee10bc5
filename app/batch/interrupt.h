// Terminating signals (Ctrl-C, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1...) ask a batch run to stop
// between step calls, so it removes its unfinished output files (or, when the final state is
// already being written, finishes it) and exits 128 + the signal instead of dying mid-write.
#pragma once

#include <string>

namespace gs::batch {

void install_interrupt_handlers();
bool interrupt_requested();
// The first signal received (0 for none), and its name ("SIGINT").
int interrupt_signal();
std::string interrupt_signal_name();

}  // namespace gs::batch
