// The state-file reader itself, in this process. `gs::read_state` runs it in a short-lived child
// process (isolated_state_read.cpp), because libhdf5 can crash or loop on a crafted file; the
// fuzz target calls it directly, so the fuzzer sees (and measures coverage of) our own code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>

#include "gs/state_file.h"

namespace gs {

// How far the read of the fields is, in rows (u's and v's together), before each block of rows
// and once after the last: the child process reports it, so its parent can tell a long read
// from a stuck one.
struct RowsProgress {
  std::int64_t done = 0;
  std::int64_t total = 0;
  std::uint64_t total_bytes = 0;       // what u and v hold together
  std::uint64_t next_block_bytes = 0;  // what the block about to be read holds; 0 after the last
};
using RowsProgressReport = std::function<void(const RowsProgress&)>;

Expected<StateFile> read_state_in_process(const std::filesystem::path& path,
                                          std::size_t run_bytes_per_cell,
                                          const RowsProgressReport& report = {});

// The same reading, every row of it, keeping only a block at a time: the attributes and the
// grid's size, with no fields (and no check that the grid fits in this process's memory).
Expected<StateFile> check_state_in_process(const std::filesystem::path& path,
                                           const RowsProgressReport& report = {});

}  // namespace gs
