// grayscott-batch with a style map under mpirun (builds with MPI): 2 and 3 ranks give the state
// file of one process, bit for bit (u, v, the map and set B), with each source of the map (a
// gradient, a picture, a styled preset's own gradient, an --input's map), with the exchange
// after the steps and overlapping them (the strips stepped ahead take their rows of the map),
// on periodic and Neumann grids the ranks do not divide evenly.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gs/state_file.h"
#include "mpi_ranks.h"
#include "png_image.h"
#include "run_program.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

class StyleRanks : public ::testing::Test {
 protected:
  void SetUp() override { allow_mpirun(); }
};

// A run on an uneven grid whose set B differs from set A enough that the map shows.
std::vector<std::string> styled_run(const std::vector<std::string>& source) {
  return Args{"--backend", "cpu",    "--threads", "1",     "--width",     "61",        "--height",
              "47",        "--init", "spots",     "--F",   "0.03",        "--k",       "0.055",
              "--style-F", "0.05",   "--style-k", "0.063", "--laplacian", "five-point"} +
         source;
}

void expect_same_state(const fs::path& one, const fs::path& ranks, const std::string& what) {
  const Expected<StateFile> a = read_state(one), b = read_state(ranks);
  ASSERT_TRUE(a) << a.message();
  ASSERT_TRUE(b) << b.message();
  EXPECT_FALSE(a->fields.style.empty()) << what;
  EXPECT_TRUE(a->fields.u == b->fields.u) << "u differs: " << what;
  EXPECT_TRUE(a->fields.v == b->fields.v) << "v differs: " << what;
  EXPECT_EQ(a->fields.style, b->fields.style) << what;
  EXPECT_EQ(a->params.style.F, b->params.style.F) << what;
  EXPECT_EQ(a->params.style.k, b->params.style.k) << what;
  EXPECT_EQ(a->step, b->step) << what;
}

// One process, then 2 and 3 ranks (the second with the exchange overlapped and a halo of 3).
void expect_ranks_match(const ScratchDir& dir, const std::vector<std::string>& run,
                        const std::string& what) {
  const ProgramResult one = run_batch(run + Args{"--output", (dir / "one.h5").string()});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  for (const auto& [ranks, extra] :
       {std::pair{2, std::vector<std::string>{"--overlap", "off"}},
        std::pair{3, std::vector<std::string>{"--overlap", "on", "--halo", "3"}}}) {
    const fs::path out = dir / ("ranks" + std::to_string(ranks) + ".h5");
    const ProgramResult split = run_ranks(ranks, run + extra + Args{"--output", out.string()});
    ASSERT_EQ(split.exit_code, 0) << split.err;
    expect_same_state(dir / "one.h5", out, what + " over " + std::to_string(ranks) + " ranks");
  }
}

TEST_F(StyleRanks, AGradientsMapGivesOneProcessBits) {
  ScratchDir dir;
  expect_ranks_match(dir, styled_run({"--style-gradient", "radial", "--steps", "60"}),
                     "radial gradient");
  expect_ranks_match(
      dir, styled_run({"--style-gradient", "y", "--boundary", "neumann", "--steps", "60"}),
      "y gradient, Neumann");
}

TEST_F(StyleRanks, APicturesMapGivesOneProcessBits) {
  ScratchDir dir;
  std::vector<std::uint8_t> rgb;
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 7; ++x) rgb.insert(rgb.end(), 3, std::uint8_t((x * 37 + y * 23) % 256));
  ASSERT_TRUE(app::write_png(dir / "map.png", {7, 9}, rgb));
  expect_ranks_match(dir,
                     styled_run({"--style-image", (dir / "map.png").string(), "--style-image-fit",
                                 "tile", "--steps", "60"}),
                     "tiled picture");
}

TEST_F(StyleRanks, AStyledPresetsMapGivesOneProcessBits) {
  ScratchDir dir;
  expect_ranks_match(dir,
                     {"--backend", "cpu", "--threads", "1", "--width", "61", "--height", "47",
                      "--preset", "spots-inside-stripes", "--steps", "60"},
                     "styled preset");
}

TEST_F(StyleRanks, AnInputsMapGivesOneProcessBits) {
  ScratchDir dir;
  const ProgramResult made = run_batch(
      styled_run({"--style-gradient", "x", "--steps", "30", "--output", (dir / "in.h5").string()}));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  expect_ranks_match(
      dir,
      {"--backend", "cpu", "--threads", "1", "--input", (dir / "in.h5").string(), "--steps", "40"},
      "--input's map");
}

}  // namespace
}  // namespace gs::test
