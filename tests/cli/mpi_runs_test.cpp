// grayscott-batch under mpirun (builds with MPI): one grid over several ranks gives the bits of
// one process, for every Laplacian and boundary, halo widths 1 and 8, and the exchange after the
// steps or overlapping them (--overlap), on a grid the ranks do not divide evenly (the state
// files the ranks write together equal one process's, attributes and all); a rank that fails
// mid-run ends the job with one message, a non-zero exit and no file. Open MPI refuses root unless
// told: the allow-run-as-root switches are set for these tests' runs (not in the program).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hdf5_test_files.h"
#include "mpi_ranks.h"
#include "run_program.h"

namespace gs::test {
namespace {

class MpiRuns : public ::testing::Test {
 protected:
  void SetUp() override { allow_mpirun(); }
};

std::vector<std::string> run_args(const std::string& laplacian, const std::string& boundary,
                                  const std::filesystem::path& output) {
  // 157 rows: three ranks do not divide them, and every band is wider than a halo of 8.
  return {"--backend",  "cpu",    "--width",  "203",          "--height",    "157",
          "--steps",    "200",    "--init",   "spots",        "--laplacian", laplacian,
          "--boundary", boundary, "--output", output.string()};
}

long occurrences(const std::string& text, const std::string& part) {
  long count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// The processes `parent` started (the ranks mpirun runs on this machine).
std::vector<int> children_of(int parent) {
  std::vector<int> pids;
  std::istringstream list(read_file("/proc/" + std::to_string(parent) + "/task/" +
                                    std::to_string(parent) + "/children"));
  for (int pid; list >> pid;) pids.push_back(pid);
  return pids;
}

void expect_same_fields(const std::filesystem::path& a, const std::filesystem::path& b,
                        const std::string& what) {
  for (const char* field : {"u", "v"})
    EXPECT_TRUE(read_dataset(a, field).values == read_dataset(b, field).values)
        << field << " differs: " << what;
  EXPECT_EQ(read_attributes(a), read_attributes(b)) << what;
}

// Whether the pair (halo, overlap) runs with this stencil and boundary. In the Release build,
// every pair with every stencil and boundary. Under the sanitizers, whose question is whether any
// path touches memory it should not, not which bits it gives, one pair for each stencil and
// boundary, chosen so that every stencil meets both halos and both exchanges, every boundary does
// too, and every (halo, overlap) pair runs: 6 runs of ranks, not 24, each several times slower.
bool runs_here(int laplacian, int boundary, int halo, int overlap) {
#if defined(GS_SANITIZED_BUILD)
  // [laplacian][boundary] = {halo, overlap}: five-point {1 off, 8 on}, nine-point {8 off, 1 on},
  // course {8 on, 1 off}.
  constexpr int kChosen[3][2][2] = {{{0, 0}, {1, 1}}, {{1, 0}, {0, 1}}, {{1, 1}, {0, 0}}};
  return kChosen[laplacian][boundary][0] == halo && kChosen[laplacian][boundary][1] == overlap;
#else
  (void)laplacian, (void)boundary, (void)halo, (void)overlap;
  return true;
#endif
}

TEST_F(MpiRuns, ThreeRanksGiveTheBitsOfOneProcessForEveryStencilAndHalo) {
  ScratchDir dir;
  const std::string laplacians[] = {"five-point", "nine-point", "course"};
  const std::string boundaries[] = {"periodic", "neumann"}, halos[] = {"1", "8"},
                    overlaps[] = {"off", "on"};
  for (int l = 0; l < 3; ++l)
    for (int b = 0; b < 2; ++b) {
      const std::string &laplacian = laplacians[l], &boundary = boundaries[b];
      const auto single = dir / (laplacian + boundary + ".h5");
      const ProgramResult alone = run_batch(run_args(laplacian, boundary, single));
      ASSERT_EQ(alone.exit_code, 0) << alone.err;
      for (int h = 0; h < 2; ++h)
        for (int o = 0; o < 2; ++o) {
          if (!runs_here(l, b, h, o)) continue;
          const std::string &halo = halos[h], &overlap = overlaps[o];
          const auto spread = dir / (laplacian + boundary + halo + overlap + "-ranks.h5");
          std::vector<std::string> args = run_args(laplacian, boundary, spread);
          args.insert(args.end(), {"--halo", halo, "--overlap", overlap});
          const ProgramResult ranks = run_ranks(3, args);
          ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
          EXPECT_NE(ranks.out.find(overlap == "on" ? "over 3 ranks (exchange overlapped)"
                                                   : "over 3 ranks\n"),
                    std::string::npos)
              << ranks.out;
          expect_same_fields(
              single, spread,
              laplacian + " " + boundary + ", halo " + halo + ", overlap " + overlap);
        }
    }
}

TEST_F(MpiRuns, AnyRankCountGivesTheSameBitsAndOnlyRankZeroPrints) {
  ScratchDir dir;
  const auto single = dir / "single.h5";
  ASSERT_EQ(run_batch(run_args("course", "periodic", single)).exit_code, 0);
  for (int ranks : {1, 2, 4}) {
    const auto spread = dir / ("ranks" + std::to_string(ranks) + ".h5");
    const ProgramResult run = run_ranks(ranks, run_args("course", "periodic", spread));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    expect_same_fields(single, spread, std::to_string(ranks) + " ranks");
    const auto lines = std::count(run.out.begin(), run.out.end(), '\n');
    EXPECT_EQ(lines, 4) << "one summary, not one per rank:\n" << run.out;
  }
}

// Each rank generates only its block of the starting state (its halo rows wrapping around a
// periodic grid): every pattern gives one process's bits.
TEST_F(MpiRuns, EveryStartingStateGeneratedByBlocksGivesOneProcessBits) {
  ScratchDir dir;
  for (const std::string init : {"square", "noise", "grown-spots"})
    for (const std::string boundary : {"periodic", "neumann"}) {
      const auto args = [&](const std::string& name) {
        return std::vector<std::string>{
            "--backend",  "cpu",    "--width",  "97",
            "--height",   "41",     "--steps",  "12",
            "--init",     init,     "--halo",   "6",
            "--boundary", boundary, "--output", (dir / (name + ".h5")).string()};
      };
      ASSERT_EQ(run_batch(args("one")).exit_code, 0);
      const ProgramResult ranks = run_ranks(4, args("ranks"));
      ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
      expect_same_fields(dir / "one.h5", dir / "ranks.h5", init + " " + boundary);
    }
}

TEST_F(MpiRuns, WhatRanksCannotDoIsRefusedInOneLine) {
  ScratchDir dir;
  const ProgramResult run =
      run_ranks(4, {"--backend", "cpu", "--width", "64", "--height", "20", "--steps", "5", "--halo",
                    "8", "--output", (dir / "thin.h5").string()});
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.err.find("grayscott-batch: error: rank 0's band of 5 rows is thinner than the "
                         "halo of 8 rows"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(occurrences(run.err, "grayscott-batch:"), 1) << "one line, from rank 0:\n" << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "thin.h5"));

  const ProgramResult kept = run_ranks(2, {"--backend", "cpu", "--steps", "5", "--keep-diverged",
                                           "--output", (dir / "kept.h5").string()});
  EXPECT_NE(kept.exit_code, 0);
  EXPECT_EQ(occurrences(kept.err, "grayscott-batch: error: --keep-diverged runs in one process"), 1)
      << kept.err;
}

// One rank stops mid-run (a signal, as a node's scheduler would send): every rank learns it at
// the next exchange, rank 0 says which rank stopped in one line, the job exits non-zero and
// rank 0 removes its unfinished files.
TEST_F(MpiRuns, ARankStoppedMidRunEndsTheJobWithOneMessageAndNoFiles) {
  // Both ways of exchanging and of writing frames (a writer thread drains its queue as the job
  // ends).
  for (const auto& [overlap, writer] : {std::pair{"off", "inline"}, std::pair{"on", "thread"}}) {
    SCOPED_TRACE(std::string("--overlap ") + overlap + " --frame-writer " + writer);
    ScratchDir dir;
    const int mpirun = spawn_program(
        GS_MPIEXEC,
        mpirun_args(3, {"--backend", "cpu", "--width", "512", "--height", "512", "--frames",
                        "100000", "--steps-per-frame", "8", "--overlap", overlap, "--frame-writer",
                        writer, "--output", (dir / "state.h5").string(), "--frames-output",
                        (dir / "frames.h5").string()}),
        dir.path().parent_path() / (dir.path().filename().string() + ".out"),
        dir.path().parent_path() / (dir.path().filename().string() + ".err"));
    std::vector<int> ranks;
    for (int wait = 0; wait < 300 && (ranks.size() < 3 || !dir.has_output_under_way()); ++wait) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      ranks = children_of(mpirun);
    }
    ASSERT_EQ(ranks.size(), 3u) << "mpirun's ranks";
    ASSERT_TRUE(dir.has_output_under_way()) << "the frames file under way";
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(ranks.back(), SIGTERM);
    int status = 0;
    ASSERT_EQ(waitpid(mpirun, &status, 0), mpirun);
    const std::string err =
        read_file(dir.path().parent_path() / (dir.path().filename().string() + ".err"));
    EXPECT_NE(exit_code_of(status), 0);
    EXPECT_EQ(occurrences(err, "grayscott-batch:"), 1) << err;
    EXPECT_NE(err.find("interrupted"), std::string::npos) << err;
    EXPECT_TRUE(dir.entries().empty()) << "left behind: " << dir.entries().front();
  }
}

// --json says how the ranks exchanged: overlapped or not (auto: not on the CPU twin, whose
// cores the block already fills), the time spent stepping the sends ahead, that no rows were
// pinned (the twin's rows are plain host memory), and how the frames were written.
TEST_F(MpiRuns, JsonSaysHowTheRanksExchangedAndWrote) {
  ScratchDir dir;
  for (const auto& [overlap, writer] : {std::pair{"auto", "inline"}, std::pair{"on", "thread"}}) {
    const ProgramResult run =
        run_ranks(2, {"--backend", "cpu", "--width", "64", "--height", "64", "--frames", "5",
                      "--steps-per-frame", "8", "--overlap", overlap, "--frame-writer", writer,
                      "--frames-output", (dir / (std::string(writer) + ".h5")).string(), "--json"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const bool on = std::string(overlap) == "on";
    EXPECT_NE(run.out.find(on ? "\"overlap\": true" : "\"overlap\": false"), std::string::npos)
        << run.out;
    const bool stepped_ahead = run.out.find("\"ahead\": 0.0,") == std::string::npos;
    EXPECT_EQ(stepped_ahead, on) << run.out;
    EXPECT_NE(run.out.find("\"pinned_rows\": false"), std::string::npos) << run.out;
    const bool thread = std::string(writer) == "thread";
    EXPECT_NE(
        run.out.find(thread ? "\"frames_in_background\": true" : "\"frames_in_background\": false"),
        std::string::npos)
        << run.out;
  }
}

// --list-backends names the MPI library and whether it passes device memory itself; under
// mpirun (MPI started, rank 0 alone answering) the runtime is asked too.
TEST_F(MpiRuns, ListBackendsNamesTheMpiLibraryAndItsCudaAwareness) {
  for (const ProgramResult& result :
       {run_program(GS_BATCH_BINARY, {"--list-backends"}), run_ranks(2, {"--list-backends"})}) {
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(occurrences(result.out, "\nmpi   compiled in, available: "), 1) << result.out;
    EXPECT_EQ(occurrences(result.out, "CUDA-aware"), 1) << result.out;
    EXPECT_EQ(occurrences(result.out, "cpu   compiled in"), 1)
        << "rank 0 alone prints: " << result.out;
  }
}

}  // namespace
}  // namespace gs::test
