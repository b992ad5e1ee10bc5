// State files whose `u` points somewhere else, crafted through the HDF5 C API as a hostile user
// would make them: raw storage in an external file (any local file, read as float32 values),
// an external link into another file, a soft link, and a virtual dataset mapping another file.
// Each has a plain `v` and the state's shape, so only the indirection makes it wrong. Functions
// throw std::runtime_error on failure.
#pragma once

#include <filesystem>
#include <string>

namespace gs::test {

enum class Indirection { ExternalStorage, ExternalLink, SoftLink, VirtualDataset };

std::string to_string(Indirection kind);

// A 4x4 state at `path` whose `u` reaches `target` (a file of at least 64 bytes: external
// storage and the virtual dataset read it; the external link names its dataset `u`, so `target`
// should be a state file for that kind).
void write_indirect_state(const std::filesystem::path& path, Indirection kind,
                          const std::filesystem::path& target);

}  // namespace gs::test
