// Where the program's data (assets/, shaders/) lives. The build tree mirrors the install tree:
// <prefix>/bin/<program> finds <prefix>/share/grayscott-live/. GS_DATA_DIR overrides it.
#pragma once

#include <filesystem>

namespace gs {

std::filesystem::path data_directory();

}  // namespace gs
