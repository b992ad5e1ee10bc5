// A sweep's outputs (issue 23, points 7 and 12), through the real grayscott-batch: a contact
// sheet past the size limit, or an atlas its folder has no room for, is refused before the first
// step (each failed after all the stepping, and lost the atlas); a damaged font draws the sheet in
// built-in letters, atlas and sheet both written (it crashed after all its runs); a stop during the
// final writes leaves the old atlas and sheet as they were and no temporary (both were replaced,
// exit 143).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "font_dir.h"
#include "font_files.h"
#include "run_program.h"

namespace gs::test {
namespace {

using Clock = std::chrono::steady_clock;

// The program's exit code, or a failure (and a killed program) when it runs past `limit`.
int wait_at_most(pid_t pid, std::chrono::seconds limit, const std::string& what) {
  const std::optional<int> status = wait_for_exit(pid, limit);
  if (!status) {
    ADD_FAILURE() << what << ": still running after " << limit.count() << " s";
    return -1;
  }
  return exit_code_of(*status);
}

TEST(SweepOutputs, ASheetPastTheLimitIsRefusedBeforeTheFirstStep) {
  ScratchDir dir, capture;
  // 360,000 runs of 8x8 for a million steps: hours of stepping before the sheet was looked at.
  const pid_t pid =
      spawn_program(GS_BATCH_BINARY,
                    {"--backend", "cpu", "--sweep-F", "0.01:0.06:600", "--sweep-k", "0.05:0.06:600",
                     "--width", "8", "--height", "8", "--steps", "1000000", "--sheet",
                     (dir / "a.png").string(), "--output", (dir / "atlas.h5").string()},
                    capture / "out", capture / "err");
  EXPECT_EQ(wait_at_most(pid, std::chrono::seconds(20), "the sweep"), 1);
  const std::string err = read_file(capture / "err");
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_EQ(err.rfind("grayscott-batch: error: --sheet: the contact sheet would be ", 0), 0u)
      << err;
  EXPECT_NE(err.find("--sheet-tile-px"), std::string::npos) << err;
  EXPECT_TRUE(dir.entries().empty()) << testing::PrintToString(dir.entries());
}

TEST(SweepOutputs, AnAtlasWithoutRoomInItsFolderIsRefusedBeforeTheFirstStep) {
  ScratchDir dir, capture;
  if (run_program("/usr/bin/unshare", {"-m", "true"}).exit_code != 0)
    GTEST_SKIP() << "no mount namespace for a small tmpfs here";
  const std::string small = (dir / "small").string();
  std::filesystem::create_directories(small);
  // 64 runs of 128x128: a v of 4.2 MB, in a 1 MB tmpfs of the sweep's own mount namespace; a
  // hundred thousand steps that used to run before the write failed.
  const std::string command = "mount -t tmpfs -o size=1m gs-small '" + small + "' && exec '" +
                              GS_BATCH_BINARY +
                              "' --backend cpu --sweep-F 0.02:0.04:8 --sweep-k 0.05:0.06:8 "
                              "--width 128 --height 128 --steps 100000 --output '" +
                              small + "/atlas.h5'";
  const pid_t pid = spawn_program("/usr/bin/unshare", {"-m", "/bin/sh", "-c", command},
                                  capture / "out", capture / "err");
  EXPECT_EQ(wait_at_most(pid, std::chrono::seconds(20), "the sweep"), 1);
  const std::string err = read_file(capture / "err");
  EXPECT_EQ(err, "grayscott-batch: error: --output: the atlas needs at least 5 MB and '" + small +
                     "' has 1 MB free\n");
}

TEST(SweepOutputs, ADamagedFontStillGivesTheAtlasAndTheSheet) {
  ScratchDir dir;
  for (FontDamage damage : {FontDamage::empty, FontDamage::cut_short}) {
    const auto fonts = dir / ("fonts-" + std::to_string(int(damage)));
    write_damaged_fonts(fonts, damage);
    const FontDirForChildren font_dir(fonts);
    const auto atlas = dir / "atlas.h5", sheet = dir / "sheet.png";
    std::filesystem::remove(atlas);
    std::filesystem::remove(sheet);
    const ProgramResult run =
        run_batch({"--backend", "cpu", "--sweep-F", "0.02:0.04:3", "--sweep-k", "0.05:0.06:2",
                   "--width", "16", "--height", "16", "--steps", "20", "--output", atlas.string(),
                   "--sheet", sheet.string()});
    EXPECT_EQ(run.exit_code, 0) << to_string(damage) << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(run.err.rfind("grayscott-batch: note: the sweep's sheet: the font file '", 0), 0u)
        << run.err;
    EXPECT_NE(run.err.find((fonts / app::kSansFontName).string()), std::string::npos) << run.err;
    EXPECT_GT(std::filesystem::file_size(atlas), 0u) << to_string(damage);
    EXPECT_GT(std::filesystem::file_size(sheet), 0u) << to_string(damage);
  }
}

TEST(SweepOutputsTiming, AStopDuringTheFinalWritesLeavesTheOldFiles) {
  ScratchDir dir, capture;
  const auto atlas = dir / "atlas.h5", sheet = dir / "sheet.png";
  std::ofstream(atlas) << "the old atlas";
  std::ofstream(sheet) << "the old sheet";
  // 400 runs of 128x128 for 2 steps: the 26 MB atlas and a 2,700-pixel-square sheet take a good
  // part of a second to write, the stepping almost nothing.
  const pid_t pid =
      spawn_program(GS_BATCH_BINARY,
                    {"--backend", "cpu", "--sweep-F", "0.02:0.04:20", "--sweep-k", "0.05:0.06:20",
                     "--width", "128", "--height", "128", "--steps", "2", "--sheet-tile-px", "128",
                     "--output", atlas.string(), "--sheet", sheet.string()},
                    capture / "out", capture / "err");
  const auto start = Clock::now();
  while (!dir.has_output_under_way() && Clock::now() - start < std::chrono::seconds(30))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const bool writing = dir.has_output_under_way();
  kill(pid, SIGTERM);
  EXPECT_TRUE(writing) << "no output under way within 30 s";
  EXPECT_EQ(wait_at_most(pid, std::chrono::seconds(20), "the stopped sweep"), 128 + SIGTERM);
  const std::string err = read_file(capture / "err");
  EXPECT_EQ(err, "grayscott-batch: interrupted by SIGTERM\n");
  EXPECT_TRUE(read_file(atlas) == "the old atlas") << "the atlas was replaced";
  EXPECT_TRUE(read_file(sheet) == "the old sheet") << "the sheet was replaced";
  EXPECT_FALSE(dir.has_temporary_file()) << testing::PrintToString(dir.entries());
}

}  // namespace
}  // namespace gs::test
