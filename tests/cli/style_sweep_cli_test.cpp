// Sweeps with a style map through grayscott-batch: a sweep may vary set B's F along its rows
// (--sweep-style-F) or set B's k along its columns (--sweep-style-k) instead of set A's, and each
// run of the atlas is bit for bit the single run with its two sets and the same map (a gradient,
// a picture or a styled preset's); the atlas names each run's set B (style_F, style_k); several
// ranks give one process's atlas; what a sweep of set B cannot take is refused in one line.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "hdf5_test_files.h"
#include "run_program.h"
#if defined(GS_MPIEXEC)
#include "mpi_ranks.h"
#endif

namespace gs::test {
namespace {

namespace fs = std::filesystem;
constexpr std::size_t kCells = 24 * 20;

// Pearson's Du, Dv and stencil, from grown spots, set A and set B across the grid.
const std::vector<std::string> kCommon{
    "--backend",        "cpu", "--preset", "pearson-epsilon", "--width", "24",
    "--height",         "20",  "--init",   "grown-spots",     "--seed",  "7",
    "--style-gradient", "x"};

std::vector<float> run_v(const fs::path& atlas, std::size_t run) {
  const std::vector<float> v = read_dataset(atlas, "v").values;
  return {v.begin() + long(run * kCells), v.begin() + long((run + 1) * kCells)};
}

TEST(StyleSweep, EachRunOfASweepOfSetBIsTheSingleRunWithItsTwoSets) {
  ScratchDir dir;
  const std::vector<double> style_F{0.03, 0.05}, k{0.055, 0.06};
  const fs::path atlas = dir / "atlas.h5";
  const ProgramResult run =
      run_batch(kCommon + Args{"--F", "0.025", "--style-k", "0.062", "--sweep-style-F",
                               "0.03:0.05:2", "--sweep-k", "0.055:0.06:2", "--steps", "200",
                               "--output", atlas.string(), "--sheet", (dir / "s.png").string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("4 runs (2 style-F x 2 k)"), std::string::npos) << run.out;
  EXPECT_EQ(read_dataset(atlas, "F").values, (std::vector<float>{0.025f, 0.025f}));
  EXPECT_EQ(read_dataset(atlas, "k").values, (std::vector<float>{0.055f, 0.06f}));
  EXPECT_EQ(read_dataset(atlas, "style_F").values, (std::vector<float>{0.03f, 0.05f}));
  EXPECT_EQ(read_dataset(atlas, "style_k").values, (std::vector<float>{0.062f, 0.062f}));
  std::vector<std::vector<float>> singles;
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 2; ++j) {
      const fs::path single = dir / ("single" + std::to_string(i * 2 + j) + ".h5");
      const ProgramResult alone =
          run_batch(kCommon + Args{"--F", "0.025", "--k", exact_number(k[j]), "--style-F",
                                   exact_number(style_F[i]), "--style-k", "0.062", "--steps", "200",
                                   "--output", single.string()});
      ASSERT_EQ(alone.exit_code, 0) << alone.err;
      singles.push_back(read_dataset(single, "v").values);
      EXPECT_TRUE(run_v(atlas, i * 2 + j) == singles.back()) << "run (" << i << ", " << j << ")";
    }
  EXPECT_NE(singles[0], singles[2]) << "set B's F changes the run";
}

TEST(StyleSweep, SetBsKAlongTheColumnsWithAPresetsMap) {
  ScratchDir dir;
  const fs::path atlas = dir / "atlas.h5";
  const std::vector<std::string> preset{"--backend", "cpu", "--preset", "mitosis-to-coral",
                                        "--width",   "24",  "--height", "20",
                                        "--steps",   "150", "--init",   "grown-spots"};
  const ProgramResult run = run_batch(preset + Args{"--sweep-F", "0.03:0.04:2", "--sweep-style-k",
                                                    "0.058:0.062:3", "--output", atlas.string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(read_dataset(atlas, "style_k").values, (std::vector<float>{0.058f, 0.06f, 0.062f}));
  EXPECT_EQ(read_dataset(atlas, "style_F").values, (std::vector<float>{0.0545f, 0.0545f}));
  EXPECT_NE(run_v(atlas, 0), run_v(atlas, 1)) << "set B's k changes the run";
  for (std::size_t r : {std::size_t(1), std::size_t(5)}) {
    const double F = r / 3 == 0 ? 0.03 : 0.04, style_k = 0.058 + 0.002 * double(r % 3);
    const fs::path single = dir / "single.h5";
    const ProgramResult alone =
        run_batch(preset + Args{"--F", exact_number(F), "--style-k", exact_number(style_k),
                                "--output", single.string()});
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_TRUE(run_v(atlas, r) == read_dataset(single, "v").values) << "run " << r;
  }
}

TEST(StyleSweep, WhatASweepOfSetBCannotTakeIsOneLine) {
  ScratchDir dir;
  const std::string atlas = (dir / "atlas.h5").string();
  const std::vector<std::string> base{"--backend", "cpu",     "--width", "24",       "--height",
                                      "20",        "--steps", "5",       "--output", atlas};
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--sweep-style-F", "0.03:0.05:2", "--sweep-k", "0.05:0.06:2"}, "needs a style map"},
      {{"--sweep-F", "0.03:0.05:2", "--sweep-style-F", "0.03:0.05:2", "--sweep-k", "0.05:0.06:2",
        "--style-gradient", "x"},
       "do not go together"},
      {{"--sweep-style-F", "0.03:0.05:2", "--sweep-k", "0.05:0.06:2", "--style-gradient", "x",
        "--style-F", "0.04"},
       "--style-F does not go with --sweep-style-F"},
      {{"--sweep-style-k", "0.05:0.06:2", "--style-gradient", "y"}, "give one of each"},
      {{"--sweep-F", "0.03:0.05:2", "--sweep-k", "0.05:0.06:2", "--style-k", "0.06"},
       "set a style map's set B"},
      {{"--sweep-F", "0.03:0.05:2", "--sweep-style-k", "0.05:0.06:2", "--style-image",
        (dir / "none.png").string()},
       "none.png"}};
  for (const auto& [extra, says] : cases) {
    const ProgramResult run = run_batch(base + extra);
    EXPECT_EQ(run.exit_code, 1) << says;
    EXPECT_NE(run.err.find(says), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_TRUE(dir.entries().empty()) << says;
  }
}

#if defined(GS_MPIEXEC)
TEST(StyleSweep, RanksGiveTheAtlasOfOneProcess) {
  allow_mpirun();
  ScratchDir dir;
  const std::vector<std::string> sweep =
      kCommon + Args{"--sweep-F", "0.02:0.03:2", "--sweep-style-k", "0.055:0.065:3",
                     "--steps",   "100",         "--threads",       "1"};
  ASSERT_EQ(run_batch(sweep + Args{"--output", (dir / "one.h5").string()}).exit_code, 0);
  const ProgramResult ranks = run_ranks(2, sweep + Args{"--output", (dir / "two.h5").string()});
  ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
  EXPECT_TRUE(read_dataset(dir / "one.h5", "v").values == read_dataset(dir / "two.h5", "v").values);
  EXPECT_EQ(read_dataset(dir / "two.h5", "style_k").values,
            (std::vector<float>{0.055f, 0.06f, 0.065f}));
}
#endif

}  // namespace
}  // namespace gs::test
