// What the app writes, on a full disk (a file-size limit stands in for one): a screenshot or a
// --stats-json that does not fit is a message naming the system's reason, no cut file appears,
// and a file already there stays as it was. Headless, so no window system writes beside it.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app_run_support.h"

namespace gs::test {
namespace {

// Runs the headless app under a file-size limit of `bytes` (the child inherits it).
ProgramResult run_with_file_limit(const ScratchDir& dir, rlim_t bytes, const std::string& script,
                                  const std::vector<std::string>& extra = {}) {
  struct rlimit before {};
  EXPECT_EQ(::getrlimit(RLIMIT_FSIZE, &before), 0);
  const struct rlimit limited { bytes, before.rlim_max };
  EXPECT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
  ProgramResult result = run_app_headless(dir, script, extra);
  EXPECT_EQ(::setrlimit(RLIMIT_FSIZE, &before), 0);
  return result;
}

TEST(AppWrites, AScreenshotThatDoesNotFitFailsAndLeavesThePreviousFile) {
  ScratchDir dir;
  const std::filesystem::path shot = dir / "shot.png";
  std::ofstream(shot) << "the previous picture";
  // A 512x512 field of noise compresses badly: far more than 16 kB of PNG.
  const ProgramResult result = run_with_file_limit(
      dir, 16 * 1024,
      "size 512 512\nreset noise 3\npause\nstep 2\nscreenshot " + shot.string() + "\nquit\n");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("shot.png"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("File too large"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("script.gs:5"), std::string::npos)
      << "the line is named: " << result.err;
  EXPECT_EQ(read_file(shot), "the previous picture");
  EXPECT_FALSE(dir.has_temporary_file()) << testing::PrintToString(dir.entries());
}

TEST(AppWrites, StatsThatDoNotFitFailAndLeaveThePreviousFile) {
  ScratchDir dir;
  const std::filesystem::path stats = dir / "stats.json";
  std::ofstream(stats) << "{}\n";
  // 300 bytes: room for the error line on stderr (a file too), not for the ~500 of the stats.
  const ProgramResult result = run_with_file_limit(dir, 300, "size 64 64\nrun-frames 3\nquit\n",
                                                   {"--stats-json", stats.string()});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("stats.json"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("File too large"), std::string::npos) << result.err;
  EXPECT_EQ(read_file(stats), "{}\n") << "the previous stats stay";
  EXPECT_FALSE(dir.has_temporary_file()) << testing::PrintToString(dir.entries());
}

// The script being run and the --stats-json file are never written over, however spelled.
TEST(AppWrites, TheScriptAndTheStatsFileAreNotOverwritten) {
  ScratchDir dir;
  const std::string script_path = (dir / "script.gs").string();
  const ProgramResult same =
      run_app_headless(dir, "quit\n", {"--stats-json", (dir / "." / "script.gs").string()});
  EXPECT_NE(same.exit_code, 0);
  EXPECT_NE(same.err.find("same file"), std::string::npos) << same.err;
  EXPECT_EQ(read_file(script_path), "quit\n");
  const std::string saving = "size 32 32\nsave " + script_path + "\nquit\n";
  const ProgramResult save = run_app_headless(dir, saving);
  EXPECT_EQ(save.exit_code, 1);
  EXPECT_NE(save.err.find("script.gs:2: "), std::string::npos) << save.err;
  EXPECT_NE(save.err.find("is the script being run"), std::string::npos) << save.err;
  EXPECT_EQ(read_file(script_path), saving);
  const ProgramResult shot =
      run_app_headless(dir, "size 32 32\nscreenshot " + (dir / "s.json").string() + "\nquit\n",
                       {"--stats-json", (dir / "s.json").string()});
  EXPECT_EQ(shot.exit_code, 1);
  EXPECT_NE(shot.err.find("--stats-json"), std::string::npos) << shot.err;
}

TEST(AppWrites, ARecordingWithNoFrameLeavesNoFileAndSaysSo) {
  ScratchDir dir;
  const ProgramResult paused =
      run_app_headless(dir, "size 64 64\npause\nrecord start " + (dir / "paused.mp4").string() +
                                "\nrun-frames 5\nrecord stop\nquit\n");
  EXPECT_EQ(paused.exit_code, 0) << paused.err;
  EXPECT_NE(paused.err.find("nothing was recorded"), std::string::npos) << paused.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "paused.mp4"));
  // A limit past the header but short of the first fragment: no frame is complete.
  const ProgramResult cut =
      run_with_file_limit(dir, 4000,
                          "size 256 256\nreset noise 3\nrecord start " +
                              (dir / "cut.mp4").string() + " 1 30\nrun-frames 10\nquit\n");
  EXPECT_EQ(cut.exit_code, 0) << cut.err;
  EXPECT_NE(cut.err.find("no frame was complete, so no file is kept"), std::string::npos)
      << cut.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "cut.mp4"));
  EXPECT_FALSE(dir.has_temporary_file()) << testing::PrintToString(dir.entries());
}

}  // namespace
}  // namespace gs::test
