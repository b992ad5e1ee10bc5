// The app as a lecture hall first sees it, with no options: structure over the whole view from its
// first frame, and a second later, and still moving. The start is built so that this holds after
// any number of steps (the engine's tests check it every 25 steps), so the test does not depend
// on how fast this machine ran in that second.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "colormap.h"

namespace gs::test {
namespace {

struct Structure {
  double covered = 0;      // fraction of pixels away from the colormap's low end
  double blocks_with = 0;  // fraction of 8x8 blocks with at least 2% of their pixels so
};

Structure structure_of(const Image& image) {
  constexpr int kBlocks = 8;
  const app::Rgb low = app::colormap_table(*app::find_colormap("viridis")).front();
  Structure s;
  int with = 0;
  for (int by = 0; by < kBlocks; ++by)
    for (int bx = 0; bx < kBlocks; ++bx) {
      const int x0 = bx * image.width / kBlocks, x1 = (bx + 1) * image.width / kBlocks;
      const int y0 = by * image.height / kBlocks, y1 = (by + 1) * image.height / kBlocks;
      const std::size_t active = image.active_pixels(low, x0, y0, x1, y1);
      if (double(active) >= 0.02 * double((x1 - x0) * (y1 - y0))) ++with;
    }
  s.covered = double(image.active_pixels(low)) / (double(image.width) * image.height);
  s.blocks_with = double(with) / (kBlocks * kBlocks);
  return s;
}

// The fraction of pixels whose colour moved by more than a faint shade.
double changed_fraction(const Image& a, const Image& b) {
  std::size_t changed = 0;
  for (std::size_t i = 0; i + 2 < a.rgb.size(); i += 3)
    if (std::abs(a.rgb[i] - b.rgb[i]) + std::abs(a.rgb[i + 1] - b.rgb[i + 1]) +
            std::abs(a.rgb[i + 2] - b.rgb[i + 2]) >
        30)
      ++changed;
  return double(changed) / (double(a.width) * a.height);
}

TEST(AppFirstStartTiming, ShowsStructureOverTheViewFromTheFirstFrameAndKeepsMoving) {
  ScratchDir dir;
  const std::string script = "screenshot " + (dir / "first.png").string() + "\nwait 1\n" +
                             "screenshot " + (dir / "one.png").string() + "\nwait 1\n" +
                             "screenshot " + (dir / "two.png").string() + "\nquit\n";
  const ProgramResult result = run_app(dir, script);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Image first = load_png(dir / "first.png");
  const Image one = load_png(dir / "one.png");
  const Image two = load_png(dir / "two.png");
  ASSERT_GT(first.width, 0);
  ASSERT_EQ(one.width, first.width);
  ASSERT_EQ(two.width, first.width);

  for (const auto& [name, image] : {std::pair{"first frame", &first}, {"after 1 s", &one}}) {
    const Structure s = structure_of(*image);
    EXPECT_GT(s.covered, 0.2) << name;
    EXPECT_GE(s.blocks_with, 0.95) << name;
  }
  EXPECT_GT(changed_fraction(one, two), 0.02) << "the field moves from one second to the next";
}

}  // namespace
}  // namespace gs::test
