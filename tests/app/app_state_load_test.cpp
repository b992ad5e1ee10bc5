// The app's `load` and `save` through the real grayscott. A slow state file (gzip-compressed in
// many small chunks) is read in the background: the frame loop goes on
// drawing, the script waits for the load, and Esc cancels it, keeping the running state. A state
// holding NaN or infinity is neither saved nor loaded, as grayscott-batch refuses it. Before,
// the window froze for the whole read (one frame), Esc was seen only once the file was in, and
// `save` wrote 4,096 NaN cells with exit status 0.
#include <gtest/gtest.h>

#include <chrono>
#include <limits>

#include "app_run_support.h"
#include "gs/state_file.h"
#include "hdf5_test_files.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Cells of 0.5, gzip-compressed in chunks of 48 x 48 (3072 x 3072 cells: 1 s to read here) or
// 64 x 64 (4096 x 4096: 2.5 s): small on disk, slow to read.
fs::path slow_state(const ScratchDir& dir, int side) {
  const fs::path path = dir / "slow.h5";
  write_gzip_state(path, std::size_t(side), std::size_t(side), std::size_t(side / 64),
                   std::size_t(side / 64));
  return path;
}

// The reader's limits are not what these tests are about (tests/cli/slow_state_read_test.cpp):
// under ASan, beside another test, a block of the slow file can take longer than a real one.
constexpr const char* kNoStallLimit = "600";

TEST(AppStateLoadTiming, TheFrameLoopGoesOnWhileASlowStateLoads) {
  const ScopedEnvironment patient("GS_READER_STALL_S", kNoStallLimit);
  ScratchDir dir;
  const fs::path slow = slow_state(dir, 3072), saved = dir / "after.h5";
  const auto start = Clock::now();
  const ProgramResult app =
      run_app_headless(dir,
                       "backend cpu\nsize 64 64\npause\nload " + slow.string() + "\nsave " +
                           saved.string() + "\nquit\n",
                       {"--stats-json", (dir / "stats.json").string()});
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  ASSERT_EQ(app.exit_code, 0) << app.err;
  // The script waited for the load: what it saved next is the file's state.
  Expected<StateFile> state = read_state(saved);
  ASSERT_TRUE(state) << state.message();
  EXPECT_EQ(state->fields.size, (GridSize{3072, 3072}));
  EXPECT_EQ(state->fields.v[12345], 0.5f);
  const nlohmann::json stats = load_json(dir / "stats.json");
  // A frame at least every tenth of a second of the read (it drew one in all before).
  EXPECT_GE(stats["frames"].get<long long>(), 5) << "in " << seconds << " s";
  EXPECT_GT(seconds, 0.5) << "the file must be slow to read, or this proves nothing";
}

TEST(AppStateLoadTiming, TheWindowKeepsDrawingWhileASlowStateLoads) {
  const ScopedEnvironment patient("GS_READER_STALL_S", kNoStallLimit);
  ScratchDir dir;
  const fs::path slow = slow_state(dir, 3072);
  const ProgramResult app =
      run_app(dir, "backend cpu\nsize 64 64\npause\nload " + slow.string() + "\nquit\n",
              {"--window-size", "1280x720", "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_EQ(stats["width"], 3072);
  EXPECT_GE(stats["frames"].get<long long>(), 5);
}

TEST(AppStateLoadTiming, EscCancelsASlowLoadAndTheStateStaysAsItWas) {
  const ScopedEnvironment patient("GS_READER_STALL_S", kNoStallLimit);
  ScratchDir dir;
  const fs::path slow = slow_state(dir, 4096), ready = dir / "ready.png", saved = dir / "after.h5";
  // The load is held where it is: the app's reader (its child) is stopped once seen, so Esc
  // lands while it loads however fast the machine reads; Esc's cancel then ends the reader.
  const std::string hold_the_reader =
      "for i in $(seq 500); do reader=$(pgrep -P $app -f grayscott-state-reader) && break; "
      "sleep 0.01; done\n"
      "kill -STOP $reader\n";
  const ProgramResult app =
      run_app_with_input(dir,
                         "backend cpu\nsize 64 64\npause\nscreenshot " + ready.string() +
                             "\nload " + slow.string() + "\nsave " + saved.string() + "\n",
                         ready, hold_the_reader + "press Escape\nkill -CONT $reader 2>/dev/null",
                         {"--exit-after-script", "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  EXPECT_NE(app.err.find("grayscott: cancelled loading '" + slow.string() + "'"), std::string::npos)
      << app.err;
  // Esc stopped the script while it waited for the load: nothing after it ran.
  EXPECT_FALSE(fs::exists(saved));
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_EQ(stats["width"], 64);
  EXPECT_EQ(stats["height"], 64);
}

TEST(AppStateFiles, ADivergedStateIsNotSaved) {
  ScratchDir dir;
  const fs::path saved = dir / "d1.h5", overflowing = dir / "overflowing.h5";
  // v of 1e20 overflows a float within a few steps (no valid F and k make a run diverge).
  Fields fields({64, 64});
  std::fill(fields.u.begin(), fields.u.end(), 1.0f);
  std::fill(fields.v.begin(), fields.v.end(), 1e20f);
  ASSERT_TRUE(write_state(overflowing, fields, Params{}, 0));
  const ProgramResult app =
      run_app_headless(dir, "backend cpu\nload " + overflowing.string() +
                                "\nstep 300\nrun-frames 30\nsave " + saved.string() + "\nquit\n");
  EXPECT_EQ(app.exit_code, 1);
  EXPECT_NE(app.err.find("grayscott: error: "), std::string::npos) << app.err;
  EXPECT_NE(app.err.find("'" + saved.string() + "' not written"), std::string::npos) << app.err;
  EXPECT_NE(app.err.find("NaN or infinity (first at cell 0,0)"), std::string::npos) << app.err;
  EXPECT_FALSE(fs::exists(saved));
  EXPECT_FALSE(dir.has_temporary_file());
}

TEST(AppStateFiles, ADivergedStateFileIsNotLoaded) {
  ScratchDir dir;
  const fs::path diverged = dir / "nan.h5", saved = dir / "after.h5";
  Fields fields({40, 30});
  std::fill(fields.u.begin(), fields.u.end(), 1.0f);
  fields.v[2 * 40 + 3] = std::numeric_limits<float>::quiet_NaN();
  ASSERT_TRUE(write_state(diverged, fields, Params{}, 7));
  const ProgramResult app =
      run_app_headless(dir, "backend cpu\nsize 64 64\nload " + diverged.string() + "\nsave " +
                                saved.string() + "\nquit\n");
  EXPECT_EQ(app.exit_code, 1);
  EXPECT_NE(app.err.find("'" + diverged.string() +
                         "' holds NaN or infinity (first at cell 3,2): a diverged state cannot "
                         "be continued"),
            std::string::npos)
      << app.err;
  EXPECT_FALSE(fs::exists(saved));
  // As the script's last line: the run waits for the load, and fails with it (it ended while
  // the file was read, with status 0, before).
  const ProgramResult last =
      run_app_headless(dir, "backend cpu\nsize 64 64\nload " + diverged.string() + "\n");
  EXPECT_EQ(last.exit_code, 1);
  EXPECT_NE(last.err.find("holds NaN or infinity (first at cell 3,2)"), std::string::npos)
      << last.err;
}

}  // namespace
}  // namespace gs::test
