// Faults that used to hang or crash a job over ranks: a disk that fills at the end of the run
// (ranks waiting for ever inside HDF5's close, or a segfault in MPI_Finalize on a file HDF5 still
// held), an input that loops or crashes libhdf5 (contained in one process, for ever over ranks),
// a grid too large for memory named by one rank's band. Each must end every rank with one line
// and a non-zero exit, and leave nothing behind. A job that hangs is killed by the test.
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "mpi_ranks.h"

namespace gs::test {
namespace {

// Long enough for any of these jobs on a loaded machine; a hang is far longer.
constexpr int kSecondsToEnd = 30;

// A 2 MB tmpfs over a scratch folder: a disk that fills within the run's files.
class SmallDisk {
 public:
  SmallDisk() {
    if (::mount("tmpfs", dir_.path().c_str(), "tmpfs", 0, "size=2m") != 0)
      error_ = std::strerror(errno);
  }
  ~SmallDisk() {
    if (error_.empty()) ::umount2(dir_.path().c_str(), MNT_DETACH);
  }
  // Why the tmpfs could not be mounted ("" when it was).
  const std::string& error() const { return error_; }
  const ScratchDir& dir() const { return dir_; }

 private:
  ScratchDir dir_;
  std::string error_;
};

// Of ours, one line, said once, ending the whole job (mpirun adds its own banner).
void expect_one_line(const TimedResult& run, const std::vector<std::string>& words) {
  EXPECT_FALSE(run.timed_out) << "the job hung: " << run.err;
  EXPECT_EQ(run.exit_code, 1) << run.err;
  for (const std::string& word : words)
    EXPECT_NE(run.err.find(word), std::string::npos) << word << " in: " << run.err;
  EXPECT_NE(run.err.find("grayscott-batch: error: "), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("grayscott-batch:"), run.err.rfind("grayscott-batch:")) << run.err;
}

TEST(MpiFaults, AFullDiskAtTheEndIsOneLineOnEveryRankAndLeavesNothing) {
  const std::vector<std::pair<std::string, Args>> outputs{
      {"o.h5", {"--width", "1024", "--height", "1024", "--steps", "2", "--output"}},
      {"f.h5",
       {"--width", "512", "--height", "512", "--frames", "4", "--steps-per-frame", "1",
        "--frames-output"}},
      {"f.h5",  // the same, from a writer thread of each rank's own
       {"--width", "512", "--height", "512", "--frames", "4", "--steps-per-frame", "1",
        "--frame-writer", "thread", "--frames-output"}}};
  for (const int ranks : {2, 3})
    for (const auto& [name, args] : outputs) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks, " + testing::PrintToString(args));
      SmallDisk disk;
      if (!disk.error().empty()) GTEST_SKIP() << "cannot mount a tmpfs here: " << disk.error();
      const std::string path = (disk.dir() / name).string();
      Args job = args;
      job.insert(job.end(), {path, "--threads", "1"});
      const TimedResult run = run_ranks_for(kSecondsToEnd, ranks, job);
      expect_one_line(run, {"'" + path + "'", "No space left on device"});
      EXPECT_TRUE(disk.dir().entries().empty()) << testing::PrintToString(disk.dir().entries());
    }
}

// libhdf5 loops on one of these files and crashes on the other: rank 0 reads each in a child
// first, as one process does, and every rank refuses with its one line.
TEST(MpiFaults, AnInputThatHangsOrCrashesLibhdf5EndsEveryRank) {
  const std::vector<std::pair<std::string, std::string>> inputs{
      {"hang-in-H5C_protect.h5", "no progress for"}, {"segv-in-H5F__accum_read.h5", "crashed"}};
  for (const auto& [name, says] : inputs) {
    SCOPED_TRACE(name);
    ScratchDir dir;
    const std::string input = std::string(GS_LIBHDF5_FAULTS_DIR) + "/" + name;
    const TimedResult run = run_ranks_for(
        kSecondsToEnd, 3,
        {"--input", input, "--steps", "1", "--output", (dir / "o.h5").string(), "--threads", "1"});
    expect_one_line(run, {"cannot read '" + input + "'", says});
    EXPECT_EQ(run.err.find("rank "), std::string::npos) << "every rank refuses alike: " << run.err;
    EXPECT_TRUE(dir.entries().empty()) << testing::PrintToString(dir.entries());
  }
}

// The largest grid there is: terabytes a rank, more than any machine this runs on has.
TEST(MpiFaults, AGridTooLargeForMemoryIsNamedWholeWithEachRanksShare) {
  const TimedResult run = run_ranks_for(
      kSecondsToEnd, 3,
      {"--width", "1048576", "--height", "1048576", "--steps", "1", "--threads", "1"});
  expect_one_line(run, {"grid 1048576x1048576 needs", "on each of 3 ranks", "rows of it each"});
}

}  // namespace
}  // namespace gs::test
