// Pictures read from files, to seed a grid or to paint its style: PNG, JPEG and the other
// formats the distribution's stb_image decodes. The file is read bounded and without blocking,
// and its header is checked before anything is decoded, so a crafted header (40000x40000
// pixels in a few bytes) is a message, not an allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "gs/status.h"

namespace gs::app {

// RGBA8 pixels, rows top to bottom.
struct Picture {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
};

// Largest picture accepted: a side of 16384 pixels and 64 million pixels in all (256 MB decoded),
// far past any grid's useful detail; the limits are in the refusal.
inline constexpr int kMaxPictureSide = 16384;
inline constexpr long kMaxPicturePixels = 1L << 26;
inline constexpr std::size_t kMaxPictureFileBytes = std::size_t(256) << 20;

// The picture at `path`, or one line naming the file and why it cannot be used.
Expected<Picture> read_picture(const std::filesystem::path& path);

// The same from bytes already read; `name` is what messages call them.
Expected<Picture> decode_picture(const std::string& bytes, const std::string& name);

}  // namespace gs::app
