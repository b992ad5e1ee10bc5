// Pictures the programs' tests seed from: a small valid PNG with something to see, and the bad
// pictures each program must refuse in one line (missing, truncated, a 40000x40000 header, a text
// file, an empty file, headers with no pixels, formats not read), written into a scratch folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace gs::test {

// A PNG signature and a header chunk declaring a size, and no pixels: stb_image does not check
// the chunk's CRC, so only the size decides whether it is refused before decoding.
std::string png_header(std::uint32_t width, std::uint32_t height);

// A `width` x `height` RGB PNG: a dark block on white, a red bar, a gradient in green.
void write_test_picture(const std::filesystem::path& path, int width = 24, int height = 16);

struct BadPicture {
  std::filesystem::path path;
  std::string cause;  // a word the refusal holds
};

// Each bad picture, written into `folder` (the missing one is only named).
std::vector<BadPicture> write_bad_pictures(const std::filesystem::path& folder);

}  // namespace gs::test
