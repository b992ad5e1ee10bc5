// The state-file reader itself, in this process. `gs::read_state` runs it in a short-lived child
// process (isolated_state_read.cpp), because libhdf5 can crash or loop on a crafted file; the
// fuzz target calls it directly, so the fuzzer sees (and measures coverage of) our own code.
#pragma once

#include <cstddef>
#include <filesystem>

#include "gs/state_file.h"

namespace gs {

Expected<StateFile> read_state_in_process(const std::filesystem::path& path,
                                          std::size_t run_bytes_per_cell);

}  // namespace gs
