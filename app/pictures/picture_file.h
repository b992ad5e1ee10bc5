// Pictures read from files, to seed a grid or to paint its style: PNG, JPEG, BMP, GIF, PNM and
// TGA, decoded by the distribution's stb_image. The file is read bounded and without blocking,
// and its header is checked before anything is decoded, so a crafted header (40000x40000
// pixels in a few bytes) is a message, not an allocation. The decoding runs in a helper process,
// grayscott-picture-reader, under time and memory limits: a crafted picture that makes the
// decoder loop, crash or take all memory ends only the helper, and Ctrl-C still stops the
// program.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
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

// The memory a picture's decoding may take (the helper's address space): the largest picture
// decoded, its file and the decoder's own buffers fit with room to spare.
inline constexpr std::size_t kPictureDecodeBytes = std::size_t(2) << 30;
// How long a picture's decoding may take (GS_PICTURE_DECODE_S replaces it): the largest picture
// decodes in a few seconds; a crafted progressive JPEG of 360 KB took 44 s.
inline constexpr double kPictureDecodeSeconds = 15;

// The picture at `path`, decoded by the helper, or one line naming the file and why it cannot be
// used (also when the helper cannot be started: GS_READ_IN_PROCESS=1 then decodes here).
Expected<Picture> read_picture(const std::filesystem::path& path);

// Several pictures by one helper, in order (the time limit is each picture's): a picture's
// refusal is its own, and the others are still read. Where the helper fails (crashes, runs out
// of time), the pictures it had not answered get that failure.
std::vector<Expected<Picture>> read_pictures(const std::vector<std::filesystem::path>& paths);

// The same, decoded in this process without limits (the helper's own work).
Expected<Picture> read_picture_in_process(const std::filesystem::path& path);

// The same from bytes already read; `name` is what messages call them.
Expected<Picture> decode_picture(const std::string& bytes, const std::string& name);

}  // namespace gs::app
