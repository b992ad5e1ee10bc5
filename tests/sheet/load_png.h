// A PNG as the sheet's RGB picture, for the sheet's tests: 0x0 where the file is missing or is
// not a PNG.
#pragma once

#include <filesystem>

#include "rgb_image.h"

namespace gs::test {

sheet::RgbImage load_png(const std::filesystem::path& path);

}  // namespace gs::test
