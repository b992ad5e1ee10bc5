// The memory the app's start takes, checked before it is taken. The GL driver (Mesa's shader
// compiler, llvmpipe's threads) and ImGui's font atlas end the process without a word when an
// allocation fails (an abort or a crash inside them), as they do under an address-space limit
// (`ulimit -v`) of a few hundred MB; so before any of it starts, the address space the start
// needs is reserved once and given back, and where it cannot be had the app says so and exits.
#pragma once

#include <cstddef>

#include "gs/status.h"

namespace gs::app {

// The address space a start needs beyond the program's own at main(), for `cpus` processors (the
// software renderer starts a thread with its own stack for each).
std::size_t start_address_space_bytes(unsigned cpus);

// "not enough memory to start: ..." naming the limit where the reservation is refused.
Status check_start_memory();

}  // namespace gs::app
