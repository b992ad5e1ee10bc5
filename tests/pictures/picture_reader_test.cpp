// Pictures are decoded by grayscott-picture-reader, a helper process, under a time limit: what it
// answers is what decoding in this process gives, bit for bit, and a decoding past the limit is
// one line naming the picture and the knob that allows longer (the helper is killed, not left).
// A JPEG with more scans than any encoder writes is refused before decoding.
#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "picture_file.h"
#include "test_pictures.h"

namespace gs::app {
namespace {

// A `side` x `side` 24-bit BMP of a diagonal ramp (bottom-up rows, as BMPs are).
void write_large_bmp(const std::filesystem::path& path, std::uint32_t side) {
  const std::uint32_t row_bytes = side * 3;  // a multiple of 4 for the sides used here
  const std::uint32_t pixel_bytes = row_bytes * side;
  std::string header(54, '\0');
  const auto put = [&header](std::size_t at, std::uint32_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) header[at + std::size_t(i)] = char((value >> (8 * i)) & 0xff);
  };
  header[0] = 'B';
  header[1] = 'M';
  put(2, 54 + pixel_bytes, 4);
  put(10, 54, 4);
  put(14, 40, 4);
  put(18, side, 4);
  put(22, side, 4);
  put(26, 1, 2);
  put(28, 24, 2);
  put(34, pixel_bytes, 4);
  std::ofstream out(path, std::ios::binary);
  out << header;
  std::string row(row_bytes, '\0');
  for (std::uint32_t y = 0; y < side; ++y) {
    for (std::uint32_t x = 0; x < row_bytes; ++x) row[x] = char((x / 3 + y) & 0xff);
    out << row;
  }
}

TEST(PictureReader, TheHelpersPictureIsTheOneDecodedHere) {
  const std::filesystem::path path = ::testing::TempDir() + "gs-helper-picture.png";
  test::write_test_picture(path, 37, 23);
  const Expected<Picture> helped = read_picture(path);
  const Expected<Picture> here = read_picture_in_process(path);
  ASSERT_TRUE(helped) << helped.message();
  ASSERT_TRUE(here) << here.message();
  EXPECT_EQ(helped->width, 37);
  EXPECT_EQ(helped->height, 23);
  EXPECT_EQ(helped->rgba, here->rgba);
  std::filesystem::remove(path);
}

TEST(PictureReader, ADecodingPastTheTimeLimitIsOneLineNamingThePictureAndTheKnob) {
  // 48 MB to read and 16 million pixels to decode take far longer than 10 ms on any machine.
  const std::filesystem::path path = ::testing::TempDir() + "gs-slow-picture.bmp";
  write_large_bmp(path, 4096);
  ASSERT_EQ(::setenv("GS_PICTURE_DECODE_S", "0.01", 1), 0);
  const Expected<Picture> picture = read_picture(path);
  ::unsetenv("GS_PICTURE_DECODE_S");
  ASSERT_FALSE(picture);
  EXPECT_EQ(picture.message(), "picture '" + path.string() +
                                   "' was still being decoded after 0.01 s (a crafted picture?); "
                                   "GS_PICTURE_DECODE_S=SECONDS allows longer");
  // Within the default limit the same picture is read.
  const Expected<Picture> read = read_picture(path);
  ASSERT_TRUE(read) << read.message();
  EXPECT_EQ(read->width, 4096);
  std::filesystem::remove(path);
}

TEST(PictureReader, AJpegWithMoreScansThanEncodersWriteIsMalformed) {
  const std::vector<std::uint8_t> rgb(32 * 24 * 3, 128);
  std::string jpeg;
  const auto append = [](void* to, void* data, int size) {
    static_cast<std::string*>(to)->append(static_cast<const char*>(data), std::size_t(size));
  };
  ASSERT_NE(stbi_write_jpg_to_func(append, &jpeg, 32, 24, 3, rgb.data(), 90), 0);
  EXPECT_TRUE(decode_picture(jpeg, "one-scan.jpg")) << "one scan, as encoders write";
  // Its one scan (SOS to EOI) again and again: 101 scans in all.
  const std::size_t scan = jpeg.find("\xff\xda"), end = jpeg.rfind("\xff\xd9");
  ASSERT_NE(scan, std::string::npos);
  std::string scans = jpeg.substr(0, end);
  for (int i = 0; i < 100; ++i) scans += jpeg.substr(scan, end - scan);
  scans += "\xff\xd9";
  const Expected<Picture> picture = decode_picture(scans, "scans.jpg");
  ASSERT_FALSE(picture);
  EXPECT_EQ(picture.message(),
            "picture 'scans.jpg' is malformed: 101 scans, past the 100 a JPEG "
            "may have (a crafted picture?)");
}

}  // namespace
}  // namespace gs::app
