// grayscott-batch's files under mpirun (builds with MPI): the ranks write the state and frames
// files together through parallel HDF5 (the program links libhdf5's Open MPI flavour and says so
// in --json), in the format of one process's files to the bit, attributes and all; --input
// continues on any rank count to the bits of one process, each rank reading its own rows and
// checking them as one process does; a job stopped by Ctrl-C or SIGTERM at mpirun leaves no
// file. Open MPI refuses root unless told: the tests set its switches.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hdf5_test_files.h"
#include "mpi_ranks.h"
#include "run_program.h"

namespace gs::test {
namespace {

class MpiRunsFiles : public ::testing::Test {
 protected:
  void SetUp() override { allow_mpirun(); }
};

void expect_same_file(const std::filesystem::path& one, const std::filesystem::path& ranks,
                      const std::vector<std::string>& datasets, const std::string& what) {
  for (const std::string& name : datasets) {
    const DatasetContents a = read_dataset(one, name), b = read_dataset(ranks, name);
    EXPECT_EQ(a.dims, b.dims) << name << ": " << what;
    EXPECT_EQ(a.chunk, b.chunk) << name << ": " << what;
    EXPECT_TRUE(b.is_float32) << name << ": " << what;
    EXPECT_TRUE(a.values == b.values) << name << " differs: " << what;
  }
  EXPECT_EQ(read_attributes(one), read_attributes(ranks)) << what;
}

TEST_F(MpiRunsFiles, TheRanksWriteThroughParallelHdf5) {
  const ProgramResult libraries = run_program("/usr/bin/ldd", {GS_BATCH_BINARY});
  ASSERT_EQ(libraries.exit_code, 0) << libraries.err;
  EXPECT_NE(libraries.out.find("libhdf5_openmpi"), std::string::npos) << libraries.out;
  EXPECT_EQ(libraries.out.find("libhdf5_serial"), std::string::npos) << libraries.out;

  ScratchDir dir;
  const std::vector<std::string> args{"--backend",
                                      "cpu",
                                      "--width",
                                      "64",
                                      "--height",
                                      "48",
                                      "--frames",
                                      "2",
                                      "--json",
                                      "--output",
                                      (dir / "s.h5").string(),
                                      "--steps-per-frame",
                                      "4",
                                      "--frames-output",
                                      (dir / "f.h5").string()};
  const ProgramResult ranks = run_ranks(2, args);
  ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
  EXPECT_NE(ranks.out.find("\"parallel_io\": true"), std::string::npos) << ranks.out;
  const ProgramResult alone = run_batch(args);
  ASSERT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_NE(alone.out.find("\"parallel_io\": false"), std::string::npos) << alone.out;
}

TEST_F(MpiRunsFiles, ThreeRanksWriteTheFramesFileOfOneProcess) {
  ScratchDir dir;
  for (const std::string boundary : {"periodic", "neumann"}) {
    const auto args = [&](const std::string& name) {
      return std::vector<std::string>{"--backend",
                                      "cpu",
                                      "--width",
                                      "301",
                                      "--height",
                                      "199",
                                      "--init",
                                      "spots",
                                      "--frames",
                                      "6",
                                      "--boundary",
                                      boundary,
                                      "--halo",
                                      "4",
                                      "--steps-per-frame",
                                      "25",
                                      "--frames-output",
                                      (dir / (name + "-frames.h5")).string(),
                                      "--output",
                                      (dir / (name + ".h5")).string()};
    };
    ASSERT_EQ(run_batch(args("one")).exit_code, 0);
    // The frames written between the steps or on a writer thread beside them, and the exchange
    // after the steps or overlapping them.
    for (const auto& [overlap, writer] :
         {std::pair{"off", "inline"}, std::pair{"off", "thread"}, std::pair{"on", "thread"}}) {
      const std::string name = std::string("ranks-") + overlap + "-" + writer;
      std::vector<std::string> spread = args(name);
      spread.insert(spread.end(), {"--overlap", overlap, "--frame-writer", writer});
      const ProgramResult ranks = run_ranks(3, spread);
      ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
      const std::string what = boundary + ", " + name;
      expect_same_file(dir / "one-frames.h5", dir / (name + "-frames.h5"), {"frames"}, what);
      expect_same_file(dir / "one.h5", dir / (name + ".h5"), {"u", "v"}, what);
    }
  }
}

TEST_F(MpiRunsFiles, InputContinuesOnAnyRankCountToTheBitsOfOneProcess) {
  ScratchDir dir;
  for (const std::string boundary : {"periodic", "neumann"}) {
    const auto start = dir / (boundary + "-start.h5");
    ASSERT_EQ(run_batch({"--backend", "cpu", "--width", "1001", "--height", "777", "--steps", "100",
                         "--init", "spots", "--laplacian", "nine-point", "--boundary", boundary,
                         "--output", start.string()})
                  .exit_code,
              0);
    const auto continued = [&](const std::string& name) {
      return std::vector<std::string>{
          "--backend", "cpu", "--input",  start.string(),
          "--steps",   "100", "--output", (dir / (boundary + name)).string()};
    };
    ASSERT_EQ(run_batch(continued("-one.h5")).exit_code, 0);
    EXPECT_EQ(read_double_attribute(dir / (boundary + "-one.h5"), "step"), 200.0);
    for (int ranks : {2, 3}) {
      const std::string name = "-ranks" + std::to_string(ranks) + ".h5";
      const ProgramResult run = run_ranks(ranks, continued(name));
      ASSERT_EQ(run.exit_code, 0) << run.err;
      expect_same_file(dir / (boundary + "-one.h5"), dir / (boundary + name), {"u", "v"},
                       boundary + " on " + std::to_string(ranks) + " ranks");
    }
  }
}

// Each rank reads its own block of --input and checks it: the first NaN of the grid is named as
// one process names it, in one line, whichever rank read it.
TEST_F(MpiRunsFiles, InputCheckedOverRanksGivesOneProcessMessage) {
  ScratchDir dir;
  std::vector<float> u(64 * 48, 1.0f);
  u[30 * 64 + 5] = std::nanf("");
  u[40 * 64 + 7] = INFINITY;
  write_datasets(dir / "nan.h5",
                 {{"u", Element::Float32, {48, 64}, u}, {"v", Element::Float32, {48, 64}, {}}});
  const std::vector<std::string> args{
      "--backend", "cpu", "--input",  (dir / "nan.h5").string(), "--steps", "2",
      "--halo",    "4",   "--output", (dir / "out.h5").string()};
  const ProgramResult alone = run_batch(args);
  const ProgramResult ranks = run_ranks(3, args);
  const std::string message = "'" + (dir / "nan.h5").string() +
                              "' holds NaN or infinity (first at cell 5,30): a diverged state "
                              "cannot be continued";
  EXPECT_NE(alone.err.find("grayscott-batch: error: " + message), std::string::npos) << alone.err;
  EXPECT_NE(ranks.exit_code, 0);
  // Every rank fails alike (the cell is rank 1's, but no rank can go on): one process's words.
  EXPECT_NE(ranks.err.find("grayscott-batch: error: " + message), std::string::npos) << ranks.err;
  EXPECT_EQ(ranks.err.find("grayscott-batch:"), ranks.err.rfind("grayscott-batch:")) << ranks.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.h5"));
}

// Ctrl-C reaches mpirun alone (Open MPI starts each rank in a process group of its own), as
// SIGTERM from a scheduler does: mpirun passes SIGTERM on to the ranks, and kills them a
// second later; by then they have agreed to stop and rank 0 has removed the unfinished files.
// Open MPI kills the ranks about a second after it forwards the signal: they must agree to stop
// and remove the files within it.
class MpiRunsFilesTiming : public MpiRunsFiles {};

TEST_F(MpiRunsFilesTiming, CtrlCOrSigtermAtMpirunLeavesNoFile) {
  for (const int signal : {SIGINT, SIGTERM}) {
    ScratchDir dir;
    const auto log = [&](const std::string& stream) {
      return dir.path().parent_path() / (dir.path().filename().string() + stream);
    };
    const int mpirun = spawn_program(
        GS_MPIEXEC,
        mpirun_args(2, {"--backend", "cpu", "--width", "256", "--height", "256", "--frames",
                        "20000", "--steps-per-frame", "8", "--output", (dir / "state.h5").string(),
                        "--frames-output", (dir / "frames.h5").string()}),
        log(".out"), log(".err"));
    for (int wait = 0; wait < 300 && !dir.has_output_under_way(); ++wait)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_TRUE(dir.has_output_under_way()) << "the frames file under way";
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(mpirun, signal);
    int status = 0;
    ASSERT_EQ(waitpid(mpirun, &status, 0), mpirun);
    EXPECT_NE(exit_code_of(status), 0);
    EXPECT_NE(read_file(log(".err")).find("grayscott-batch: interrupted by SIGTERM"),
              std::string::npos)
        << read_file(log(".err"));
    EXPECT_TRUE(dir.entries().empty()) << "left behind: " << dir.entries().front();
    std::filesystem::remove(log(".out"));
    std::filesystem::remove(log(".err"));
  }
}

}  // namespace
}  // namespace gs::test
