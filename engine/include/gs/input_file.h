// Reading a small text file the program looks for by itself (settings, presets, shaders, the
// desktop's user-dirs file): opened without blocking and checked to be a regular file first, so
// a FIFO or a device there cannot hang the program and a directory there is a message, not an
// exception; bounded, so a huge file is refused rather than read.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "gs/status.h"

namespace gs {

// The file's bytes; nullopt where nothing is there (a missing file, or a dangling symlink); an
// error naming the path and the reason where something is there but cannot be read as a file
// (permission, not a regular file, longer than `max_bytes`).
Expected<std::optional<std::string>> read_regular_file(const std::filesystem::path& path,
                                                       std::size_t max_bytes);

}  // namespace gs
