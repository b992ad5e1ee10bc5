// Pictures are decoded by grayscott-picture-reader, a helper process, under a time limit: what it
// answers is what decoding in this process gives, bit for bit, and a decoding past the limit is
// one line naming the picture and the knob that allows longer (the helper is killed, not left).
// A JPEG with more scans than any encoder writes is refused before decoding.
#include <gtest/gtest.h>
#include <stb_image_write.h>
#include <sys/resource.h>
#if GS_HAVE_ZLIB
#include <zlib.h>
#endif

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
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

#if GS_HAVE_ZLIB
// A `side` x `side` black PNG of 16 bits a channel (RGBA): stb_image decodes it through a 16-bit
// buffer before the 8-bit one, after inflating 8 bytes a pixel of rows. The chunks' CRCs are left
// 0, which stb_image does not check (test_pictures.h).
void write_sixteen_bit_png(const std::filesystem::path& path, std::uint32_t side) {
  const std::string rows(std::size_t(side) * (1 + std::size_t(side) * 8), '\0');  // filter 0
  std::string compressed(compressBound(uLong(rows.size())), '\0');
  uLongf compressed_bytes = uLongf(compressed.size());
  if (compress2(reinterpret_cast<Bytef*>(compressed.data()), &compressed_bytes,
                reinterpret_cast<const Bytef*>(rows.data()), uLong(rows.size()), 1) != Z_OK)
    throw std::runtime_error("zlib failed");
  compressed.resize(compressed_bytes);
  std::string png = test::png_header(side, side);
  png[24] = 16;  // bits a channel
  const auto chunk = [&png](const char* type, const std::string& data) {
    for (int shift = 24; shift >= 0; shift -= 8) png += char((data.size() >> shift) & 0xff);
    png += type + data + std::string(4, '\0');
  };
  chunk("IDAT", compressed);
  chunk("IEND", "");
  std::ofstream(path, std::ios::binary) << png;
}
#endif

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

// Under an address-space limit (`ulimit -v`) below the decoder's own 2 GB, a picture that needs
// more is refused naming the limit that binds, not a format error nor the decoder's 2 GB.
TEST(PictureReader, APictureMoreThanTheAddressSpaceLimitHoldsNamesThatLimit) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#elif !GS_HAVE_ZLIB
  GTEST_SKIP() << "needs zlib (zlib1g-dev) to write the 16-bit PNG";
#else
  const std::filesystem::path path = ::testing::TempDir() + "gs-sixteen-bit.png";
  write_sixteen_bit_png(path, 6000);  // 288 MB of rows to inflate alone
  rlimit before{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &before), 0);
  const rlimit limited{rlim_t(256) << 20, before.rlim_max};
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &limited), 0);
  const Expected<Picture> picture = read_picture(path);  // the helper inherits the limit
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &before), 0);
  ASSERT_FALSE(picture);
  EXPECT_EQ(picture.message(), "picture '" + path.string() +
                                   "' needs more memory to decode than the 256 MB the "
                                   "address-space limit allows (ulimit -v)");
  // Without the limit it is read.
  const Expected<Picture> read = read_picture(path);
  ASSERT_TRUE(read) << read.message();
  EXPECT_EQ(read->width, 6000);
  std::filesystem::remove(path);
#endif
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
