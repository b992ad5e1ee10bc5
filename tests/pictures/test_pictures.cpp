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
  return {{folder / "missing.png", "missing.png"},
          {folder / "truncated.png", "decoded"},
          {folder / "huge.png", "40000x40000"},
          {folder / "notes.txt", "not a PNG"},
          {folder / "empty.png", "empty"}};
}

}  // namespace gs::test
