// Where the program's data (assets/, shaders/) lives. The build tree mirrors the install tree:
// <prefix>/bin/<program> finds <prefix>/share/grayscott-live/. GS_DATA_DIR overrides it.
#pragma once

#include <filesystem>
#include <string>

namespace gs {

std::filesystem::path data_directory();

// A file a script names: as given where that names a file (or is absolute), else the same relative
// path in the data folder where one is there, so a shipped demo's `seed-image assets/pictures/...`
// finds the picture wherever the app is started; as given otherwise (for the message).
std::filesystem::path script_file_path(const std::string& path);

}  // namespace gs
