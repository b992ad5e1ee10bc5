// Ctrl-C and SIGTERM ask a batch run to stop between step calls, so it can remove its
// unfinished output files and exit cleanly instead of dying mid-write.
#pragma once

namespace gs::batch {

void install_interrupt_handlers();
bool interrupt_requested();

}  // namespace gs::batch
