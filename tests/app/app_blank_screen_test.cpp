// A clicker's blank key in the real grayscott under Xvfb: presenting, B ('.' too: the key tests)
// turns the screen black and W white, with nothing paused; the next key shows the screen again and
// does nothing else (the space that brings it back does not pause). Before, B switched the brush to
// paint the style map, and a later drag painted mazes into the field.
#include <gtest/gtest.h>

#include <algorithm>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

// The brightest and darkest channel value of a capture.
std::pair<int, int> darkest_and_brightest(const Image& image) {
  if (image.rgb.empty()) return {-1, -1};
  const auto [low, high] = std::minmax_element(image.rgb.begin(), image.rgb.end());
  return {*low, *high};
}

// The script's waits leave two seconds or more either side of each key, which xdotool sends
// within a fraction of one on a quiet machine.
TEST(AppBlankScreenTiming, BlanksBlackOrWhiteUntilAnyKeyWithNothingPaused) {
  for (const auto& [key, grey] : {std::pair{"b", 0}, std::pair{"w", 255}}) {
    SCOPED_TRACE(key);
    ScratchDir dir;
    const auto at = [&](const char* name) { return (dir / name).string(); };
    const std::string script =
        "backend cpu\nsize 128 128\nset presentation on\nrun-frames 3\n"
        "window-screenshot " +
        at("ready.png") +
        "\nwait 3\n"
        "window-screenshot " +
        at("blank.png") + "\nsave " + at("blank.h5") + "\nwait 5\nwindow-screenshot " +
        at("back.png") + "\nsave " + at("back.h5") + "\nquit\n";
    const ProgramResult app = run_app_with_input(
        dir, script, dir / "ready.png", std::string("press ") + key + "\nsleep 5\npress space\n");
    ASSERT_EQ(app.exit_code, 0) << app.err;
    EXPECT_EQ(darkest_and_brightest(load_png(dir / "blank.png")), (std::pair{grey, grey}))
        << "the whole window, UI and all";
    const auto [low, high] = darkest_and_brightest(load_png(dir / "back.png"));
    EXPECT_LT(low, high) << "the field and the bar again";
    Expected<StateFile> blank = read_state(dir / "blank.h5");
    Expected<StateFile> back = read_state(dir / "back.h5");
    ASSERT_TRUE(blank && back) << blank.message() << back.message();
    ASSERT_TRUE(blank->step && back->step);
    EXPECT_GT(*blank->step, 0);
    EXPECT_GT(*back->step, *blank->step) << "running while blank, and after the space";
    EXPECT_TRUE(back->fields.style.empty()) << "no brush mode changed";
  }
}

}  // namespace
}  // namespace gs::test
