// Pictures as starting patterns: the reader's refusals, the channel and fit modes on small
// pictures whose every resampled value is known, bands of rows equal to the whole grid's, and the
// seed's u and v, and the style map's bytes.
#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "picture_file.h"
#include "picture_sampling.h"
#include "picture_seed.h"
#include "picture_style.h"
#include "test_pictures.h"

namespace gs::app {
namespace {

// A PNG of RGBA pixels, in memory.
std::string png_bytes(int width, int height, const std::vector<std::uint8_t>& rgba) {
  std::string bytes;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), std::size_t(size));
  };
  EXPECT_NE(stbi_write_png_to_func(append, &bytes, width, height, 4, rgba.data(), width * 4), 0);
  return bytes;
}

// A grey picture of these values (0 black, 255 white), opaque.
Picture grey(int width, int height, const std::vector<std::uint8_t>& values) {
  Picture picture{width, height, {}};
  for (std::uint8_t value : values)
    picture.rgba.insert(picture.rgba.end(), {value, value, value, 255});
  return picture;
}

std::vector<float> strengths(const Picture& picture, PictureFit fit, GridSize grid) {
  return picture_strengths(picture, {PictureChannel::Luminance, false, fit}, grid, 0, grid.height);
}

TEST(PictureFile, DecodesWhatWasEncoded) {
  const std::vector<std::uint8_t> rgba{255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 255};
  const Expected<Picture> picture = decode_picture(png_bytes(2, 2, rgba), "four.png");
  ASSERT_TRUE(picture) << picture.message();
  EXPECT_EQ(picture->width, 2);
  EXPECT_EQ(picture->height, 2);
  EXPECT_EQ(picture->rgba, rgba);
}

TEST(PictureFile, RefusesWhatIsNotAUsablePicture) {
  const std::string valid = png_bytes(2, 2, std::vector<std::uint8_t>(16, 200));
  EXPECT_NE(decode_picture("", "e.png").message().find("'e.png' is an empty file"),
            std::string::npos);
  EXPECT_NE(decode_picture("hello, world", "t.png").message().find("is not a PNG, JPEG"),
            std::string::npos);
  const Expected<Picture> cut = decode_picture(valid.substr(0, valid.size() / 2), "cut.png");
  EXPECT_FALSE(cut);
  EXPECT_NE(cut.message().find("'cut.png'"), std::string::npos) << cut.message();
}

TEST(PictureFile, RefusesAHugeHeaderBeforeDecoding) {
  const Expected<Picture> huge = decode_picture(test::png_header(40000, 40000), "huge.png");
  ASSERT_FALSE(huge);
  EXPECT_NE(huge.message().find("40000x40000 pixels, past the limit of 16384 a side"),
            std::string::npos)
      << huge.message();
  EXPECT_FALSE(decode_picture(test::png_header(0, 7), "none.png"));
}

// A 2x2 24-bit BMP, rows stored top first (`top_down`, a negative height) or bottom first: red
// and green over blue and white either way.
std::string bmp_2x2(bool top_down) {
  const auto u32 = [](std::uint32_t v) {
    return std::string{char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
  };
  const std::string top = std::string("\0\0\xff\0\xff\0", 6) + std::string(2, '\0');
  const std::string bottom = std::string("\xff\0\0\xff\xff\xff", 6) + std::string(2, '\0');
  const std::string rows = top_down ? top + bottom : bottom + top;
  return "BM" + u32(54 + 16) + u32(0) + u32(54) + u32(40) + u32(2) +
         u32(top_down ? std::uint32_t(-2) : 2) + std::string("\x01\0\x18\0", 4) + u32(0) + u32(16) +
         u32(0) + u32(0) + u32(0) + u32(0) + rows;
}

TEST(PictureFile, ATopDownBmpIsReadAsTheBottomUpOne) {
  const Expected<Picture> top_down = decode_picture(bmp_2x2(true), "top-down.bmp");
  const Expected<Picture> bottom_up = decode_picture(bmp_2x2(false), "bottom-up.bmp");
  ASSERT_TRUE(top_down) << top_down.message();
  ASSERT_TRUE(bottom_up) << bottom_up.message();
  EXPECT_EQ(top_down->height, 2);
  const std::vector<std::uint8_t> expected{255, 0, 0,   255, 0,   255, 0,   255,
                                           0,   0, 255, 255, 255, 255, 255, 255};
  EXPECT_EQ(top_down->rgba, expected);
  EXPECT_EQ(bottom_up->rgba, expected);
}

TEST(PictureFile, EveryHostilePictureIsOneLineNamingIt) {
  const std::string folder = ::testing::TempDir() + "gs-hostile-pictures";
  std::filesystem::create_directories(folder);
  for (const test::BadPicture& bad : test::write_bad_pictures(folder)) {
    const Expected<Picture> picture = read_picture(bad.path);
    ASSERT_FALSE(picture) << bad.path;
    EXPECT_NE(picture.message().find(bad.cause), std::string::npos) << picture.message();
    EXPECT_NE(picture.message().find(bad.path.filename().string()), std::string::npos)
        << picture.message();
    EXPECT_EQ(picture.message().find('\n'), std::string::npos) << picture.message();
  }
  std::filesystem::remove_all(folder);
}

// A BMP whose header says -2^31 rows (top-down): no positive int is that tall. The fuzzer's
// find (UBSan: the negation overflowed), refused by its size like any too tall picture.
TEST(PictureFile, ABmpOfMinusTwoToThe31RowsIsTooTall) {
  const std::string bytes(
      "BM\x86\0\0\0\0\0\0\0"
      "6\"\0\0(\0\0\0\x06\0\0\x06\0\0\0\x80"
      "\x01\0\x18\0\0\0\0\0",
      34);
  const Expected<Picture> picture = decode_picture(bytes, "tall.bmp");
  ASSERT_FALSE(picture);
  EXPECT_NE(picture.message().find("'tall.bmp' is "), std::string::npos) << picture.message();
}

TEST(PictureFile, NamesAMissingFile) {
  const Expected<Picture> missing = read_picture("/nonexistent/seed.png");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.message(), "picture '/nonexistent/seed.png' does not exist");
}

TEST(PictureSampling, StretchInterpolatesBetweenPixelCentres) {
  // Black then white, onto 4 cells: centres at picture x = 0.25 .. 1.75.
  EXPECT_EQ(strengths(grey(2, 1, {0, 255}), PictureFit::Stretch, {4, 1}),
            (std::vector<float>{1.0f, 0.75f, 0.25f, 0.0f}));
}

TEST(PictureSampling, ShrinkingAveragesTheCoveredPixels) {
  const Picture checkers =
      grey(4, 4, {0, 255, 0, 255, 255, 0, 255, 0, 0, 255, 0, 255, 255, 0, 255, 0});
  EXPECT_EQ(strengths(checkers, PictureFit::Stretch, {2, 2}), std::vector<float>(4, 0.5f));
  // Three cells over four pixels: each covers a pixel and a third of the next.
  const std::vector<float> thirds =
      strengths(grey(4, 1, {0, 0, 255, 255}), PictureFit::Stretch, {3, 1});
  EXPECT_FLOAT_EQ(thirds[0], 1.0f);
  EXPECT_FLOAT_EQ(thirds[1], 0.5f);
  EXPECT_FLOAT_EQ(thirds[2], 0.0f);
}

TEST(PictureSampling, FitLeavesTheRestEmptyAndFillCrops) {
  // A black 2x1 picture on a 4x4 grid: fit scales it by 2 into rows 1 and 2.
  const std::vector<float> fit = strengths(grey(2, 1, {0, 0}), PictureFit::Fit, {4, 4});
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      EXPECT_EQ(fit[std::size_t(y * 4 + x)], (y == 1 || y == 2) ? 1.0f : 0.0f) << x << "," << y;
  // Fill scales it by 4 and keeps its middle: every cell black.
  EXPECT_EQ(strengths(grey(2, 1, {0, 0}), PictureFit::Fill, {4, 4}), std::vector<float>(16, 1.0f));
  // Black|white filled onto 2x2: the middle half of the picture, half a pixel each side.
  const std::vector<float> fill = strengths(grey(2, 1, {0, 255}), PictureFit::Fill, {2, 2});
  EXPECT_EQ(fill, (std::vector<float>{0.75f, 0.25f, 0.75f, 0.25f}));
}

TEST(PictureSampling, CentreAndTileKeepOneCellAPixel) {
  const Picture two = grey(2, 2, {0, 255, 255, 0});  // dark on the diagonal
  const std::vector<float> centre = strengths(two, PictureFit::Centre, {6, 6});
  const std::vector<float> tile = strengths(two, PictureFit::Tile, {6, 6});
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) {
      const float diagonal = (x % 2 == y % 2) ? 1.0f : 0.0f;
      const bool inside = x >= 2 && x < 4 && y >= 2 && y < 4;
      EXPECT_EQ(centre[std::size_t(y * 6 + x)], inside ? diagonal : 0.0f) << x << "," << y;
      EXPECT_EQ(tile[std::size_t(y * 6 + x)], diagonal) << x << "," << y;
    }
}

TEST(PictureSampling, ChannelsBrightnessAndTransparency) {
  // Red opaque, then black transparent.
  const Picture picture{2, 1, {255, 0, 0, 255, 0, 0, 0, 0}};
  const auto at = [&](PictureChannel channel, bool from_bright) {
    return picture_strengths(picture, {channel, from_bright, PictureFit::Centre}, {2, 1}, 0, 1);
  };
  EXPECT_EQ(at(PictureChannel::Red, true), (std::vector<float>{1.0f, 0.0f}));
  EXPECT_EQ(at(PictureChannel::Red, false), (std::vector<float>{0.0f, 0.0f}));  // transparent: none
  EXPECT_EQ(at(PictureChannel::Green, false), (std::vector<float>{1.0f, 0.0f}));
  EXPECT_EQ(at(PictureChannel::Alpha, true), (std::vector<float>{1.0f, 0.0f}));
  EXPECT_EQ(at(PictureChannel::Alpha, false), (std::vector<float>{0.0f, 1.0f}));
  EXPECT_NEAR(at(PictureChannel::Luminance, true)[0], 0.2126f, 1e-6f);
}

Picture gradient(int width, int height) {
  std::vector<std::uint8_t> values;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) values.push_back(std::uint8_t((x * 37 + y * 91) % 256));
  return grey(width, height, values);
}

TEST(PictureSeed, ABandOfRowsIsTheWholeGridsRowsToTheBit) {
  const Picture picture = gradient(13, 7);
  PictureSeedOptions options;
  options.noise = 0.05f;
  options.seed = 42;
  const GridSize grid{29, 11};
  const Fields whole = seed_from_picture(picture, options, grid);
  // Rows -1 .. 11: a band with a halo row each side, wrapping round the grid.
  const Fields band = seed_rows_from_picture(picture, options, grid, -1, grid.height + 2);
  for (int r = 0; r < grid.height + 2; ++r) {
    const int y = (r - 1 + grid.height) % grid.height;
    for (int x = 0; x < grid.width; ++x) {
      const std::size_t in_band = std::size_t(r * grid.width + x),
                        in_grid = std::size_t(y * grid.width + x);
      ASSERT_EQ(band.u[in_band], whole.u[in_grid]) << x << "," << r;
      ASSERT_EQ(band.v[in_band], whole.v[in_grid]) << x << "," << r;
    }
  }
}

TEST(PictureSeed, DarkSeedsPearsonsStateAndLightLeavesTheTrivialOne) {
  const Picture picture = grey(2, 1, {0, 255});
  PictureSeedOptions options;
  options.placement.fit = PictureFit::Centre;
  Fields fields = seed_from_picture(picture, options, {2, 1});
  EXPECT_EQ(fields.v, (FieldData{0.25f, 0.0f}));
  EXPECT_EQ(fields.u, (FieldData{0.5f, 1.0f}));
  options.placement.from_bright = true;
  fields = seed_from_picture(picture, options, {2, 1});
  EXPECT_EQ(fields.v, (FieldData{0.0f, 0.25f}));
  // A threshold makes a mid grey all or nothing; smooth keeps it in between, u = 1 - 2v.
  const Picture mid = grey(1, 1, {100});
  options = {};
  EXPECT_FLOAT_EQ(seed_from_picture(mid, options, {1, 1}).v[0], 0.25f * (1 - 100 / 255.0f));
  EXPECT_FLOAT_EQ(seed_from_picture(mid, options, {1, 1}).u[0], 1 - 0.5f * (1 - 100 / 255.0f));
  options.threshold = 0.5f;
  EXPECT_EQ(seed_from_picture(mid, options, {1, 1}).v[0], 0.25f);
  options.threshold = 0.7f;
  EXPECT_EQ(seed_from_picture(mid, options, {1, 1}).v[0], 0.0f);
}

TEST(PictureSeed, NoiseDependsOnTheSeedAndStaysInRange) {
  const Picture picture = gradient(8, 8);
  PictureSeedOptions options;
  options.noise = 0.5f;
  const Fields one = seed_from_picture(picture, options, {16, 16});
  options.seed = 2;
  const Fields two = seed_from_picture(picture, options, {16, 16});
  EXPECT_NE(one.v, two.v);
  for (float value : one.u) ASSERT_TRUE(value >= 0 && value <= 1);
  for (float value : one.v) ASSERT_TRUE(value >= 0 && value <= 1);
  EXPECT_EQ(one.v, seed_from_picture(picture, PictureSeedOptions{{}, {}, 0.5f, 1}, {16, 16}).v);
}

TEST(PictureStyle, BytesFollowTheStrengthAndABandIsTheWholeGridsRows) {
  // One cell a pixel (centre): black is all set B by default, white all set A, grey between.
  const Picture picture = grey(3, 1, {0, 255, 100});
  PicturePlacement placement{PictureChannel::Luminance, false, PictureFit::Centre};
  EXPECT_EQ(style_from_picture(picture, placement, {3, 1}), (StyleData{255, 0, 155}));
  placement.from_bright = true;
  EXPECT_EQ(style_from_picture(picture, placement, {3, 1}), (StyleData{0, 255, 100}));

  const Picture shaded = gradient(13, 7);
  placement.fit = PictureFit::Fill;
  const GridSize grid{29, 11};
  const StyleData whole = style_from_picture(shaded, placement, grid);
  const StyleData band = style_rows_from_picture(shaded, placement, grid, 9, 4);  // 9, 10, 0, 1
  for (int r = 0; r < 4; ++r)
    for (int x = 0; x < grid.width; ++x)
      ASSERT_EQ(band[std::size_t(r * grid.width + x)],
                whole[std::size_t(((9 + r) % grid.height) * grid.width + x)]);
}

}  // namespace
}  // namespace gs::app
