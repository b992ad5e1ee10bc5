// Where a capture without a name goes: grayscott-YYYYmmdd-HHMMSS.png in the capture folder, with
// a counter when several captures fall in one second, so none replaces another.
#pragma once

#include <filesystem>

namespace gs::app {

std::filesystem::path timestamped_capture_path(const std::filesystem::path& folder);

}  // namespace gs::app
