// Scripts that run anywhere, through the real app: where CUDA does not run, a `backend cuda` line
// falls back to the CPU twin and a CUDA launch is left out, each said on stderr with its line and
// in the panel's status, never over the view (the teaching caption stays), and the script goes
// on; a script with `require cuda` stops before it starts, in one line, with a non-zero exit.
// Where CUDA runs, they are skipped.
#include <gtest/gtest.h>

#include <algorithm>

#include "app_run_support.h"

namespace gs::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(AppCudaFallback, ACudaLineWhereNoneRunsFallsBackAndTheScriptGoesOn) {
  ScratchDir dir;
  const ProgramResult result =
      run_app(dir,
              "pause\ncaption The teaching caption\nrun-frames 2\nwindow-screenshot " +
                  (dir / "before.png").string() +
                  "\nbackend cuda\nset block 16x16\nrun-frames 2\nwindow-screenshot " +
                  (dir / "after.png").string() + "\nscreenshot " + (dir / "field.png").string() +
                  "\nquit\n",
              {"--stats-json", (dir / "stats.json").string()});
  const nlohmann::json stats = load_json(dir / "stats.json");
  if (result.exit_code == 0 && stats.value("backend", "") == "cuda")
    GTEST_SKIP() << "this machine runs CUDA";
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.err, "script.gs:5: backend cuda: cuda unavailable: ")) << result.err;
  EXPECT_TRUE(contains(result.err, "; the CPU twin runs instead\n")) << result.err;
  EXPECT_TRUE(contains(result.err,
                       "script.gs:6: set block 16x16: left out, the CPU twin runs in place of "
                       "cuda (cuda unavailable: "))
      << result.err;
  EXPECT_EQ(stats["backend"], "cpu");
  EXPECT_EQ(load_png(dir / "field.png").width, 1024) << "the script went on";

  // The notices did not replace the caption over the view: paused, the field and its caption look
  // the same before them and after (an overlay shows from its second frame).
  const Image noticed = load_png(dir / "after.png");
  const Image plain = load_png(dir / "before.png");
  const std::optional<app::ScreenRect> field = rect_of(stats["ui"]["field"]);
  ASSERT_TRUE(field);
  ASSERT_EQ(noticed.width, plain.width);
  ASSERT_EQ(noticed.height, plain.height);
  const int x0 = std::max(0, int(field->x)), y0 = std::max(0, int(field->y));
  const int x1 = std::min(plain.width, int(field->x + field->width));
  const int y1 = std::min(plain.height, int(field->y + field->height));
  EXPECT_TRUE(same_pixels(noticed, plain, x0, y0, x1, y1)) << "a notice over the view";
}

TEST(AppCudaFallback, RequireCudaStopsBeforeTheScriptStartsWhereNoneRuns) {
  ScratchDir dir;
  const ProgramResult result = run_app_headless(
      dir, "preset coral\nrequire cuda\nscreenshot " + (dir / "shot.png").string() + "\nquit\n");
  if (result.exit_code == 0) GTEST_SKIP() << "this machine runs CUDA";
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(contains(result.err, "script.gs:2: require cuda: cuda unavailable: ")) << result.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "shot.png")) << "no line ran";
}

}  // namespace
}  // namespace gs::test
