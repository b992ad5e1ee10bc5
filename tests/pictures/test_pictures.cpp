#include "test_pictures.h"

#include <cstdint>
#include <fstream>
#include <stdexcept>

#include "png_image.h"

namespace gs::test {
namespace {

void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

std::string png_header(std::uint32_t width, std::uint32_t height) {
  std::string bytes = "\x89PNG\r\n\x1a\n";
  const auto u32 = [&](std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) bytes += char((value >> shift) & 0xff);
  };
  u32(13);
  bytes += "IHDR";
  u32(width);
  u32(height);
  bytes += std::string("\x08\x06\x00\x00\x00", 5);
  u32(0);
  return bytes;
}

void write_test_picture(const std::filesystem::path& path, int width, int height) {
  std::vector<std::uint8_t> rgb;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const bool block = x >= width / 4 && x < width / 2 && y >= height / 4 && y < 3 * height / 4;
      const bool bar = y == height - 2;
      rgb.push_back(block ? 0 : 255);
      rgb.push_back(block || bar ? 0 : std::uint8_t(255 * x / (width - 1)));
      rgb.push_back(block || bar ? 0 : 255);
    }
  if (!app::write_png(path, {width, height}, rgb))
    throw std::runtime_error("cannot write " + path.string());
}

std::vector<BadPicture> write_bad_pictures(const std::filesystem::path& folder) {
  write_test_picture(folder / "whole.png");
  const std::string whole = file_bytes(folder / "whole.png");
  write_bytes(folder / "truncated.png", whole.substr(0, whole.size() / 2));
  write_bytes(folder / "huge.png", png_header(40000, 40000));
  write_bytes(folder / "notes.txt", "these are words, not pixels\n");
  write_bytes(folder / "empty.png", "");
  // Headers with no pixels behind them, 16384x4096 (within the limits) in 18 to 23 bytes.
  write_bytes(folder / "header.ppm", "P6\n16384 4096\n255\n");
  write_bytes(folder / "header.tga",
              std::string("\0\0\x02\0\0\0\0\0\0\0\0\0\0\x40\0\x10\x18\0", 18));
  write_bytes(folder / "header.jpg",
              std::string("\xff\xd8\xff\xc0\0\x11\x08\x10\0\x10\0\x03\x01\x22\0\x02\x11\x01"
                          "\x03\x11\x01\xff\xd9",
                          23));
  // Formats stb_image decodes and we do not read: a Radiance HDR that loops forever in it, and a
  // Photoshop header.
  write_bytes(folder / "loops.hdr", std::string("#?RADIANCE\n\n-Y 16 +X 16\n\x02\x02\0\x10", 28));
  write_bytes(folder / "layers.psd",
              std::string("8BPS\0\x01\0\0\0\0\0\0\0\x03\0\0\x10\0\0\0\x10\0\0\x08\0\x03", 26) +
                  std::string(14, '\0'));
  return {{folder / "missing.png", "missing.png"}, {folder / "truncated.png", "decoded"},
          {folder / "huge.png", "40000x40000"},    {folder / "notes.txt", "not a PNG"},
          {folder / "empty.png", "empty"},         {folder / "header.ppm", "malformed"},
          {folder / "header.tga", "malformed"},    {folder / "header.jpg", "malformed"},
          {folder / "loops.hdr", "Radiance HDR"},  {folder / "layers.psd", "Photoshop"}};
}

}  // namespace gs::test
