// What grayscott-batch may replace: only regular files, never the input or another output under
// another spelling, and a replaced file keeps its permissions; a symlinked output is written
// through to its target. Each case runs the real binary in a scratch folder.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bad_input_support.h"
#include "gs/initial_conditions.h"
#include "gs/state_file.h"
#include "run_program.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

const Args kRun{"--width", "32", "--height", "24", "--steps", "3"};

void write_input(const ScratchDir& dir) {
  ASSERT_TRUE(write_state(dir / "in.h5", make_initial_fields({32, 24}, InitPattern::Square, 1),
                          Params{}, 0));
}

// Runs with these arguments and expects a one-line error holding `words`, with the folder's
// entries unchanged.
void expect_refused(const ScratchDir& dir, const Args& args,
                    const std::vector<std::string>& words) {
  const std::vector<std::string> before = dir.entries();
  expect_one_line_error(run_batch(in_folder(args, dir)), words);
  EXPECT_EQ(dir.entries(), before) << "files changed";
}

TEST(OutputFiles, TheSameFileUnderAnotherSpellingIsRefused) {
  ScratchDir dir;
  write_input(dir);
  const fs::path input = dir / "in.h5";
  const auto size_before = fs::file_size(input);
  // Relative spellings are resolved from the working folder: run there.
  const fs::path here = fs::current_path();
  fs::current_path(dir.path());
  expect_refused(dir,
                 Args{"--width", "32", "--height", "24", "--frames", "2", "--steps-per-frame", "1",
                      "--frames-output", "f.h5", "--output", "./f.h5"},
                 {"--output", "--frames-output", "same file"});
  fs::current_path(here);
  expect_refused(dir,
                 Args{"--input", "@/in.h5", "--frames", "2", "--steps-per-frame", "1",
                      "--frames-output", "@/../" + dir.path().filename().string() + "/in.h5"},
                 {"--input", "--frames-output", "same file"});
  fs::create_symlink(input, dir / "link.h5");
  expect_refused(dir, Args{"--input", "@/in.h5", "--steps", "1", "--output", "@/link.h5"},
                 {"--input", "--output", "same file"});
  fs::create_hard_link(input, dir / "hard.h5");
  expect_refused(dir, Args{"--input", "@/hard.h5", "--steps", "1", "--output", "@/in.h5"},
                 {"same file"});
  EXPECT_EQ(fs::file_size(input), size_before) << "the input was replaced";
}

TEST(OutputFiles, OnlyRegularFilesAreReplaced) {
  ScratchDir dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
  expect_refused(dir, kRun + Args{"--output", "@/fifo"}, {"fifo", "FIFO", "regular"});
  EXPECT_TRUE(fs::is_fifo(dir / "fifo"));
  // A character device: a copy of /dev/null's numbers where this process may make one.
  if (::mknod((dir / "null").c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
    expect_refused(dir, kRun + Args{"--output", "@/null"}, {"character device"});
    EXPECT_TRUE(fs::is_character_file(dir / "null"));
  }
  fs::create_symlink(dir / "fifo", dir / "to-fifo");
  expect_refused(dir,
                 Args{"--width", "32", "--height", "24", "--frames-output", "@/to-fifo", "--frames",
                      "1", "--steps-per-frame", "1"},
                 {"to-fifo", "FIFO"});
}

TEST(OutputFiles, ASymlinkIsWrittenThroughAndAReplacedFileKeepsItsMode) {
  ScratchDir dir;
  fs::create_directory(dir / "real");
  write_input(dir);
  fs::copy_file(dir / "in.h5", dir / "real" / "target.h5");
  ASSERT_EQ(::chmod((dir / "real" / "target.h5").c_str(), 0600), 0);
  fs::create_symlink(dir / "real" / "target.h5", dir / "out.h5");
  const ProgramResult result = run_batch(in_folder(kRun + Args{"--output", "@/out.h5"}, dir));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(fs::is_symlink(dir / "out.h5")) << "the link stays a link";
  Expected<StateFile> written = read_state(dir / "real" / "target.h5");
  ASSERT_TRUE(written) << written.message();
  EXPECT_EQ(written->step, 3) << "the link's target holds the new state";
  struct stat info {};
  ASSERT_EQ(::stat((dir / "real" / "target.h5").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0600u) << "the replaced file keeps its permissions";
  EXPECT_EQ(fs::directory_iterator(dir / "real")->path().filename(), "target.h5")
      << "no temporary left beside the target";
}

// A file-size limit stands in for a full disk: the run fails with one line naming the system's
// reason (not HDF5's diagnostics), and leaves no file.
TEST(OutputFiles, AFullDiskIsOneLineWithTheReasonAndNoFile) {
  struct rlimit before {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &before), 0);
  const struct rlimit small { 200 * 1024, before.rlim_max };
  for (const Args& outputs :
       {Args{"--output", "@/out.h5"},
        Args{"--frames", "50", "--steps-per-frame", "1", "--frames-output", "@/frames.h5"}}) {
    ScratchDir dir;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);  // the child inherits it
    const ProgramResult result =
        run_batch(in_folder(Args{"--width", "256", "--height", "256"} + outputs, dir));
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &before), 0);
    expect_one_line_error(result, {"File too large"});
    EXPECT_TRUE(dir.entries().empty()) << testing::PrintToString(dir.entries());
  }
}

TEST(OutputFiles, ALongLegalFileNameIsWritten) {
  ScratchDir dir;
  const std::string name = std::string(245, 'n') + ".h5";  // 248 bytes, within the 255 allowed
  const ProgramResult result = run_batch(in_folder(kRun + Args{"--output", "@/" + name}, dir));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(fs::exists(dir / name));
}

}  // namespace
}  // namespace gs::test
