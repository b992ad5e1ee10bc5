// The demo scripts shipped in assets/demos: the Demos menu lists each with its title, each is a
// lecture of at most about 90 s that presents and ends on a caption (no quit, so the lecturer can
// go on), and each runs to its end without an error on this machine, which has no GPU (its CUDA
// lines fall back), showing every caption in the presentation strip.
//
// Run in full the demos would take about six minutes; the runs here take copies with every wait
// cut to a twentieth, started through `demo NAME` (the menu's command) from a scratch data folder.
// Every other line runs as shipped; only the pacing for a lecturer reading along is shorter.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "app_run_support.h"
#include "demo_scripts.h"
#include "gs/data_paths.h"
#include "script_conditions.h"
#include "script_parser.h"

namespace gs::test {
namespace {

// Every shipped demo, by name (its file name without .gs), as the menu sorts them.
const std::vector<std::string> kShippedDemos = {"coalescing",   "parameter-map", "pcie-toll",
                                                "pearson-tour", "picture-seed",  "twin-vs-gpu"};

constexpr double kWaitScale = 0.05;

// The folder the app built beside this test reads its data from (share/grayscott-live).
std::filesystem::path build_data() {
  return data_directory();
}

// The menu's source: the demos the app finds in its data folder, with their titles.
TEST(AppDemos, TheMenuListsEveryShippedDemoWithItsTitle) {
  const std::vector<app::DemoScript> demos = app::list_demos(build_data() / "assets" / "demos");
  std::vector<std::string> names;
  for (const app::DemoScript& demo : demos) {
    names.push_back(demo.name);
    EXPECT_NE(demo.title, demo.name) << demo.name << " has no '# Title' first line";
    // The menu is a combo in the slim presentation bar: a title reads at a glance.
    EXPECT_LE(demo.title.size(), 60u) << demo.name << ": " << demo.title;
  }
  EXPECT_EQ(names, kShippedDemos);
}

// What a lecture needs: it presents, says something, keeps to about 90 s, and leaves the app
// open for exploring (ends on a caption, never quits). The lines this machine runs (the other
// machine's are checked in app_demo_truth_test.cpp).
TEST(AppDemos, EachPresentsKeepsToNinetySecondsAndEndsOnACaption) {
  for (const app::DemoScript& demo : app::list_demos(build_data() / "assets" / "demos")) {
    SCOPED_TRACE(demo.name);
    const std::string text = read_file(demo.path);
    Expected<std::vector<app::ScriptLine>> lines = app::parse_script(text, demo.name);
    ASSERT_TRUE(lines) << lines.message();
    lines = app::lines_for_machine(std::move(lines).value(), app::machine_here());
    ASSERT_FALSE(lines->empty());
    EXPECT_EQ(lines->front().text, "set presentation on");
    double seconds = 0;
    int captions = 0;
    for (const app::ScriptLine& line : *lines) {
      if (const auto* wait = std::get_if<app::command::Wait>(&line.command))
        seconds += wait->seconds;
      if (std::holds_alternative<app::command::Caption>(line.command)) ++captions;
      EXPECT_FALSE(std::holds_alternative<app::command::Quit>(line.command)) << line.text;
    }
    EXPECT_GE(captions, 5);
    EXPECT_GT(seconds, 30.0);
    EXPECT_LE(seconds, 90.0);
    EXPECT_TRUE(std::holds_alternative<app::command::Caption>(lines->back().command))
        << "ends with " << lines->back().text;
  }
}

// The demo with its waits cut to kWaitScale, a window screenshot once it presents (before its
// first caption) and one two frames after each caption this machine shows (caption-1.png, ...:
// ImGui shows a new window from its second frame; the other machine's, in `if gpu` blocks, get
// none); how many captions it shows.
int write_scaled_demo(const std::filesystem::path& from, const std::filesystem::path& to,
                      const std::filesystem::path& shots) {
  std::set<int> shown;  // the lines this machine runs
  if (Expected<std::vector<app::ScriptLine>> lines = app::load_script(from))
    for (const app::ScriptLine& line : app::lines_for_machine(*lines, app::machine_here()))
      shown.insert(line.number);
  std::ifstream in(from);
  std::ofstream out(to);
  int captions = 0;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind("wait ", 0) == 0) {
      out << "wait " << std::stod(line.substr(5)) * kWaitScale << "\n";
      continue;
    }
    const bool caption = line.rfind("caption ", 0) == 0 && shown.count(number) > 0;
    out << line << "\n";
    // Once presenting, before anything else: later lines may draw other text where the caption
    // strip goes while no caption is shown (the parameter map's k axis).
    if (line == "set presentation on")
      out << "run-frames 2\nwindow-screenshot " << (shots / "before-captions.png").string() << "\n";
    if (caption)
      out << "run-frames 2\nwindow-screenshot "
          << (shots / ("caption-" + std::to_string(++captions) + ".png")).string() << "\n";
  }
  return captions;
}

bool same_strip(const Image& a, const Image& b, const app::ScreenRect& strip) {
  return same_pixels(a, b, std::max(0, int(strip.x)), std::max(0, int(strip.y)),
                     std::min(a.width, int(strip.right())),
                     std::min(a.height, int(strip.bottom())));
}

class ShippedDemo : public testing::TestWithParam<std::string> {};

TEST_P(ShippedDemo, RunsToItsEndShowingEachCaption) {
  const std::string name = GetParam();
  ScratchDir dir;
  // The app's data (shaders, presets) with this demo's scaled copy as the only demo.
  const std::filesystem::path data = dir / "data";
  std::filesystem::create_directories(data / "assets" / "demos");
  std::filesystem::copy(build_data() / "shaders", data / "shaders");
  std::filesystem::copy_file(build_data() / "assets" / "presets.json",
                             data / "assets" / "presets.json");
  std::filesystem::copy(build_data() / "assets" / "pictures", data / "assets" / "pictures");
  const int captions = write_scaled_demo(build_data() / "assets" / "demos" / (name + ".gs"),
                                         data / "assets" / "demos" / (name + ".gs"), dir.path());
  ASSERT_GE(captions, 1) << "no demo " << name << " in " << build_data();

  const ProgramResult app =
      run_app_headless(dir, "demo " + name + "\n",
                       {"--window-size", "1280x720", "--stats-json", (dir / "stats.json").string()},
                       {"GS_DATA_DIR=" + data.string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  EXPECT_EQ(app.err.find("grayscott: error"), std::string::npos) << app.err;

  // Presenting, the caption strip spans the window's foot, the same in every frame of the run.
  const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
  // Nothing the audience reads was cut in any frame: the caption, the Timings, the bar.
  EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
  const std::optional<app::ScreenRect> strip = rect_of(ui["caption"]);
  ASSERT_TRUE(strip) << "not presenting at the end";
  const Image before = load_png(dir / "before-captions.png");
  ASSERT_EQ(before.width, 1280);
  EXPECT_LT(white_pixels(before, *strip), 20) << "text in the strip before any caption";
  Image previous = before;
  // Each caption, the last one included (so the script got to its end), is text in the strip,
  // and not the one before it.
  for (int i = 1; i <= captions; ++i) {
    SCOPED_TRACE("caption " + std::to_string(i));
    const Image shot = load_png(dir / ("caption-" + std::to_string(i) + ".png"));
    ASSERT_EQ(shot.width, 1280);
    EXPECT_GT(white_pixels(shot, *strip), 500);
    EXPECT_FALSE(same_strip(shot, previous, *strip));
    previous = shot;
  }
}

// gtest's names take no '-': pcie-toll runs as pcie_toll.
std::string test_name_of(const testing::TestParamInfo<std::string>& demo) {
  std::string name = demo.param;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(AppDemos, ShippedDemo, testing::ValuesIn(kShippedDemos), test_name_of);

}  // namespace
}  // namespace gs::test
