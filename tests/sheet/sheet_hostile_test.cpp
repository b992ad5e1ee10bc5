// The real grayscott-sheet against the smaller faults of issue 23 (point 14): a state with no
// finite value is a warning naming the file, not a silent blank tile; a failed write leaves every
// old picture as it was (none renamed unless all are whole); a range too narrow for a float is
// called that; a sheet that only its title makes too large blames the title.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "gs/params.h"
#include "gs/state_file.h"
#include "run_program.h"

namespace gs::test {
namespace {

std::string small_state(const ScratchDir& dir, const std::string& name, float v_value) {
  Fields fields(GridSize{16, 12});
  std::fill(fields.u.begin(), fields.u.end(), 1.0f);
  std::fill(fields.v.begin(), fields.v.end(), v_value);
  const std::string path = (dir / name).string();
  const Status written = write_state(path, fields, Params{}, 5);
  EXPECT_TRUE(written) << written.message();
  return path;
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

TEST(SheetHostile, AnAllNanStateIsAWarningNamingTheFile) {
  ScratchDir dir;
  const std::string nan_state =
      small_state(dir, "diverged.h5", std::numeric_limits<float>::quiet_NaN());
  const std::string fine = small_state(dir, "fine.h5", 0.25f);
  const ProgramResult run = run_sheet({"--output", (dir / "s.png").string(), fine, nan_state});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(is_one_line(run.err)) << run.err;
  EXPECT_EQ(run.err.rfind("grayscott-sheet: warning: '" + nan_state + "'", 0), 0u) << run.err;
  EXPECT_NE(run.err.find("192 of 192 cells NaN"), std::string::npos) << run.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "s.png"));
}

TEST(SheetHostile, AFailedWriteLeavesEveryOldPictureAsItWas) {
  ScratchDir dir;
  const std::string a = small_state(dir, "a.h5", 0.1f), b = small_state(dir, "b.h5", 0.2f),
                    c = small_state(dir, "c.h5", 0.3f);
  const auto thumbs = dir / "thumbs";
  std::filesystem::create_directories(thumbs / "b.png");  // b's thumbnail cannot be written
  write_text(thumbs / "a.png", "old a");
  write_text(dir / "sheet.png", "old sheet");
  const ProgramResult run = run_sheet(
      {"--output", (dir / "sheet.png").string(), "--thumbnails", thumbs.string(), a, b, c});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(is_one_line(run.err)) << run.err;
  EXPECT_NE(run.err.find("b.png"), std::string::npos) << run.err;
  EXPECT_TRUE(read_file(thumbs / "a.png") == "old a")
      << "the thumbnail before the failed one was replaced";
  EXPECT_TRUE(read_file(dir / "sheet.png") == "old sheet") << "the sheet was replaced";
  EXPECT_FALSE(std::filesystem::exists(thumbs / "c.png"));
  for (const auto& entry : std::filesystem::directory_iterator(thumbs))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
}

TEST(SheetHostile, ARangeTooNarrowForAFloatSaysSo) {
  ScratchDir dir;
  const std::string state = small_state(dir, "s.h5", 0.1f);
  const std::vector<std::pair<std::string, std::string>> cases{
      {"1e-45:2e-45", "the same number as floats"},
      {"0:1e-13", "at least 1e-12"},
      {"-3e38:3e38", "passes a float's range"},
      {"0.5:0.1", "LO must be below HI"},
      {"nan:1", "finite"}};
  for (const auto& [range, named] : cases) {
    const ProgramResult run =
        run_sheet({"--output", (dir / "s.png").string(), "--range", range, state});
    EXPECT_EQ(run.exit_code, 2) << range;
    EXPECT_TRUE(is_one_line(run.err)) << run.err;
    EXPECT_NE(run.err.find(named), std::string::npos) << range << ": " << run.err;
    if (range == "1e-45:2e-45") {
      EXPECT_EQ(run.err.find("finite"), std::string::npos) << run.err;
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "s.png"));
  }
}

TEST(SheetHostile, ASheetTooLargeOnlyForItsTitleBlamesTheTitle) {
  ScratchDir dir;
  const std::string state = small_state(dir, "s.h5", 0.1f);
  // One word wider than a sheet may be (an argument holds at most 128 KiB).
  const std::vector<std::string> titles{std::string(60000, 'W'),
                                        "Sweep " + std::string(60000, 'W') + " done"};
  for (const std::string& title : titles) {
    const ProgramResult run =
        run_sheet({"--output", (dir / "s.png").string(), "--title", title, state});
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_TRUE(is_one_line(run.err)) << run.err.substr(0, 300);
    EXPECT_NE(run.err.find("title"), std::string::npos) << run.err.substr(0, 300);
    EXPECT_EQ(run.err.find("tiles"), std::string::npos) << run.err.substr(0, 300);
    EXPECT_FALSE(std::filesystem::exists(dir / "s.png"));
  }
}

}  // namespace
}  // namespace gs::test
