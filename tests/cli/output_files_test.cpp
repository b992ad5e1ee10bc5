// What grayscott-batch may replace: only regular files, never the input or another output under
// another spelling, and a replaced file keeps its permissions; a symlinked output is written
// through to its target, a symlinked description (which the user never named) is replaced. A
// data file and its description are replaced together or not at all: what would stop the second
// is refused before the run. Each case runs the real binary in a scratch folder.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
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
  write_input_state(dir);
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
  write_input_state(dir);
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

// The user's previous state and its description, each holding `text`.
void write_previous(const fs::path& data, const std::string& text) {
  std::ofstream(data) << text;
  std::ofstream(fs::path(data).replace_extension(".xmf")) << text;
}

TEST(OutputFiles, ADescriptionNameTooLongIsRefusedBeforeTheRunAndThePreviousPairStays) {
  ScratchDir dir;
  // 255 bytes, legal; its description's name (".xmf" for ".h5") would be 256.
  const std::string name = std::string(252, 'n') + ".h5";
  std::ofstream(dir / name) << "previous";
  expect_refused(dir, kRun + Args{"--output", "@/" + name}, {"over the 255"});
  EXPECT_EQ(read_file(dir / name), "previous");
}

TEST(OutputFiles, AnotherUsersDescriptionInAStickyFolderIsRefusedBeforeTheRun) {
  if (::geteuid() != 0 || !fs::exists("/usr/bin/setpriv"))
    GTEST_SKIP() << "needs root to give files to other users, and setpriv";
  const Args as_user{"--reuid=1000", "--regid=1000", "--clear-groups"};
  if (run_program("/usr/bin/setpriv", as_user + Args{"/usr/bin/test", "-x", GS_BATCH_BINARY})
          .exit_code != 0)
    GTEST_SKIP() << "uid 1000 cannot run " << GS_BATCH_BINARY << " from where it is";
  ScratchDir dir;
  ASSERT_EQ(::chmod(dir.path().c_str(), 01777), 0);
  write_previous(dir / "out.h5", "previous");
  ASSERT_EQ(::chown((dir / "out.h5").c_str(), 1000, 1000), 0);
  ASSERT_EQ(::chown((dir / "out.xmf").c_str(), 65534, 65534), 0);  // another user's (nobody)
  const std::vector<std::string> before = dir.entries();
  const ProgramResult result =
      run_program("/usr/bin/setpriv", as_user + Args{GS_BATCH_BINARY} +
                                          in_folder(kRun + Args{"--output", "@/out.h5"}, dir));
  expect_one_line_error(result, {"out.xmf", "another user", "sticky"});
  EXPECT_EQ(dir.entries(), before) << "files changed";
  EXPECT_EQ(read_file(dir / "out.h5"), "previous");
}

TEST(OutputFiles, ALinkWhereTheDescriptionGoesIsReplacedAndItsTargetLeftAlone) {
  ScratchDir dir;
  fs::create_directory(dir / "theirs");
  std::ofstream(dir / "theirs" / "notes.xmf") << "theirs";
  ASSERT_EQ(::chmod((dir / "theirs" / "notes.xmf").c_str(), 0444), 0);
  fs::create_symlink(dir / "theirs" / "notes.xmf", dir / "out.xmf");
  const ProgramResult result = run_batch(in_folder(kRun + Args{"--output", "@/out.h5"}, dir));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_FALSE(fs::is_symlink(dir / "out.xmf")) << "the link itself is replaced";
  EXPECT_NE(read_file(dir / "out.xmf").find(">out.h5:/v<"), std::string::npos);
  EXPECT_EQ(read_file(dir / "theirs" / "notes.xmf"), "theirs") << "never written through";
}

}  // namespace
}  // namespace gs::test
