// grayscott-batch --sweep-F --sweep-k: the atlas's axes are the lattice asked for, each cell of
// the atlas is bit for bit the v of a single run with its F and k, its statistics are the
// engine's measures of that field, the contact sheet shows each run's tile in its place (F up,
// k across), several ranks give the bits of one process (builds with MPI), and bad input is one
// line and no file.
#include <gtest/gtest.h>
#include <hdf5.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "contact_sheet.h"
#include "gs/pattern_measures.h"
#include "hdf5_test_files.h"
#include "load_png.h"
#include "mpi_ranks.h"
#include "run_program.h"

namespace gs::test {
namespace {

constexpr int kWidth = 24, kHeight = 20, kSteps = 300;
const std::vector<double> kF{0.02, 0.03, 0.04};
const std::vector<double> kK{0.05, 0.06};

// A whole dataset read as `memory_type` (doubles, ints, bytes), with its shape.
template <class T>
std::vector<T> read_all(const std::filesystem::path& path, const char* name, hid_t memory_type,
                        std::vector<hsize_t>* dims = nullptr) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) throw std::runtime_error("cannot open " + path.string());
  const hid_t dataset = H5Dopen2(file, name, H5P_DEFAULT);
  const hid_t space = dataset >= 0 ? H5Dget_space(dataset) : -1;
  std::vector<hsize_t> shape(space >= 0 ? std::size_t(H5Sget_simple_extent_ndims(space)) : 0);
  if (space >= 0) H5Sget_simple_extent_dims(space, shape.data(), nullptr);
  std::size_t count = 1;
  for (hsize_t d : shape) count *= std::size_t(d);
  std::vector<T> values(count);
  const bool read = dataset >= 0 && H5Dread(dataset, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                                            values.data()) >= 0;
  if (space >= 0) H5Sclose(space);
  if (dataset >= 0) H5Dclose(dataset);
  H5Fclose(file);
  if (!read) throw std::runtime_error("cannot read " + std::string(name) + " of " + path.string());
  if (dims) *dims = shape;
  return values;
}

std::vector<std::string> sweep_args(const std::filesystem::path& atlas) {
  // Pearson's Du, Dv and stencil, from grown spots: every run still shows structure at 300 steps.
  return {"--backend", "cpu",         "--preset",  "pearson-epsilon",
          "--sweep-F", "0.02:0.04:3", "--sweep-k", "0.05:0.06:2",
          "--width",   "24",          "--height",  "20",
          "--steps",   "300",         "--init",    "grown-spots",
          "--seed",    "7",           "--output",  atlas.string()};
}

TEST(Sweep, EachCellOfTheAtlasIsTheSingleRunWithItsFAndK) {
  ScratchDir dir;
  const auto atlas = dir / "atlas.h5";
  std::vector<std::string> args = sweep_args(atlas);
  args.insert(args.end(), {"--sheet", (dir / "sheet.png").string()});
  const ProgramResult run = run_batch(args);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("6 runs (3 F x 2 k) of 24x20, 300 steps"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("runs/s"), std::string::npos) << run.out;

  EXPECT_EQ(read_all<double>(atlas, "F", H5T_NATIVE_DOUBLE), kF);
  EXPECT_EQ(read_all<double>(atlas, "k", H5T_NATIVE_DOUBLE), kK);
  std::vector<hsize_t> dims;
  const std::vector<float> v = read_all<float>(atlas, "v", H5T_NATIVE_FLOAT, &dims);
  ASSERT_EQ(dims, (std::vector<hsize_t>{3, 2, kHeight, kWidth}));
  EXPECT_TRUE(read_dataset(atlas, "v").is_float32);
  const auto coverage = read_all<double>(atlas, "coverage", H5T_NATIVE_DOUBLE);
  const auto spots = read_all<std::int32_t>(atlas, "spots", H5T_NATIVE_INT32);
  const auto moving = read_all<std::uint8_t>(atlas, "moving", H5T_NATIVE_UINT8);
  EXPECT_EQ(read_double_attribute(atlas, "dt"), 1.0);

  const std::size_t cells = std::size_t(kWidth) * kHeight;
  int patterned = 0;
  for (std::size_t i = 0; i < kF.size(); ++i)
    for (std::size_t j = 0; j < kK.size(); ++j) {
      const std::size_t r = i * kK.size() + j;
      const auto single = dir / ("single" + std::to_string(r) + ".h5");
      const auto before = dir / ("before" + std::to_string(r) + ".h5");
      const std::vector<std::string> common{"--backend", "cpu",
                                            "--preset",  "pearson-epsilon",
                                            "--F",       exact_number(kF[i]),
                                            "--k",       exact_number(kK[j]),
                                            "--width",   "24",
                                            "--height",  "20",
                                            "--init",    "grown-spots",
                                            "--seed",    "7"};
      std::vector<std::string> alone = common, earlier = common;
      alone.insert(alone.end(), {"--steps", "300", "--output", single.string()});
      // The moving flag compares with the field min(500, steps / 4) = 75 steps before the end.
      earlier.insert(earlier.end(), {"--steps", "225", "--output", before.string()});
      ASSERT_EQ(run_batch(alone).exit_code, 0);
      ASSERT_EQ(run_batch(earlier).exit_code, 0);
      const std::vector<float> expected = read_dataset(single, "v").values;
      const std::vector<float> cell(v.begin() + long(r * cells), v.begin() + long((r + 1) * cells));
      EXPECT_TRUE(cell == expected) << "run (" << i << ", " << j << ") differs from the single run";

      Fields final_state(GridSize{kWidth, kHeight}), earlier_state(GridSize{kWidth, kHeight});
      std::copy(expected.begin(), expected.end(), final_state.v.begin());
      const std::vector<float> then = read_dataset(before, "v").values;
      std::copy(then.begin(), then.end(), earlier_state.v.begin());
      const FieldMeasures m = measure_field(final_state);
      EXPECT_EQ(coverage[r], m.active_fraction) << r;
      EXPECT_EQ(spots[r], m.active_parts) << r;
      EXPECT_EQ(moving[r], changed_fraction(earlier_state, final_state) > kMovingChangedFraction)
          << r;
      patterned += m.active_fraction > 0 && m.active_fraction < 1;
    }
  EXPECT_GE(patterned, 3) << "the runs should show structure, not only dead or full grids";

  // Rows along F (the highest at the top), columns along k, 128-pixel tiles under a title, with
  // the axes' margins on the left and at the bottom; each tile is its run's v as the composer
  // draws it alone (viridis, 0 to 0.5).
  Expected<sheet::SheetFont> font = sheet::load_sans_font(sheet::kLabelFontPx);
  ASSERT_TRUE(font) << font.message();
  const int title_height = font->at_height(sheet::kTitleFontPx).line_height() + sheet::kGapPx;
  const sheet::SheetLayout layout = sheet::layout_sheet(6, 2, 128, 0, 0, title_height);
  const sheet::RgbImage picture = load_png(dir / "sheet.png");
  const int axis_width = picture.width - layout.width;
  ASSERT_GT(axis_width, font->text_width("0.04")) << "room for F's labels on the left";
  ASSERT_GE(picture.height - layout.height, font->line_height()) << "and for k's at the bottom";
  sheet::SheetStyle style;
  style.table = app::colormap_table(*app::find_colormap("viridis"));
  for (std::size_t t = 0; t < 6; ++t) {
    const std::size_t shown = (2 - t / 2) * 2 + t % 2;
    sheet::SheetTile tile{{kWidth, kHeight}, {}, {}};
    tile.values.assign(v.begin() + long(shown * cells), v.begin() + long((shown + 1) * cells));
    Expected<sheet::RgbImage> alone = sheet::render_tile(tile, style);
    ASSERT_TRUE(alone) << alone.message();
    const auto [tile_left, top] = layout.tile_origin(t);
    const int left = axis_width + tile_left;
    bool same = true;
    for (int y = 0; y < 128; ++y)
      for (int x = 0; x < 128; ++x)
        same = same && picture.pixel(left + x, top + y) == alone->pixel(x, y);
    EXPECT_TRUE(same) << "tile " << t << " should show run " << shown;
  }
  // Each row's F and each column's k at a tick on the edge: a tick in the text's colour at the
  // tile's centre, and the label's ink beside (left) or under it.
  const auto ink = [&](int x0, int y0, int x1, int y1) {
    int count = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) count += picture.pixel(x, y) != sheet::kBackground;
    return count;
  };
  for (int row = 0; row < 3; ++row) {
    const int centre = layout.tile_origin(std::size_t(row) * 2).second + 64;
    EXPECT_EQ(picture.pixel(axis_width - 2, centre), sheet::kTextColour) << "F tick, row " << row;
    EXPECT_GT(ink(0, centre - 6, axis_width - 6, centre + 6), 20) << "F label, row " << row;
  }
  for (int column = 0; column < 2; ++column) {
    const int centre = axis_width + layout.tile_origin(std::size_t(column)).first + 64;
    EXPECT_EQ(picture.pixel(centre, layout.height + 2), sheet::kTextColour) << "k tick " << column;
    EXPECT_GT(ink(centre - 20, layout.height + 6, centre + 20, picture.height), 20)
        << "k label " << column;
  }
  EXPECT_FALSE(dir.has_temporary_file());
}

TEST(Sweep, JsonSaysTheRunsAndTheirRate) {
  ScratchDir dir;
  std::vector<std::string> args = sweep_args(dir / "atlas.h5");
  args.push_back("--json");
  const ProgramResult run = run_batch(args);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const char* field : {"\"runs\": 6", "\"steps\": 300", "\"runs_per_s\"", "\"wall\""})
    EXPECT_NE(run.out.find(field), std::string::npos) << field << " in " << run.out;
}

TEST(Sweep, BadInputIsOneLineAndNoFile) {
  ScratchDir dir;
  const std::string atlas = (dir / "atlas.h5").string();
  const std::vector<std::string> base{"--backend", "cpu", "--width", "24",
                                      "--height",  "20",  "--steps", "10"};
  const std::vector<std::vector<std::string>> cases{
      {"--sweep-F", "0.1:0.0:3", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      {"--sweep-F", "0.01:0.02:0", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      {"--sweep-F", "0.01:0.02:1025", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      {"--sweep-F", "0.01:nan:2", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      {"--sweep-F", "0.01:0.02", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      {"--sweep-F", "0.01:0.02:3", "--output", atlas},
      {"--sweep-F", "0.01:0.02:3", "--sweep-k", "0.05:0.06:2"},
      {"--sweep-F", "0.01:0.02:3", "--sweep-k", "0.05:0.06:2", "--output", atlas, "--input",
       (dir / "state.h5").string()},
      {"--sweep-F", "0.01:0.02:3", "--sweep-k", "0.05:0.06:2", "--output", atlas, "--F", "0.03"},
      {"--sweep-F", "0.01:0.02:3", "--sweep-k", "0.05:0.06:2", "--output", atlas, "--bench"},
      {"--sweep-F", "-0.01:0.02:3", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      // From 0, the second F (1e-7) falls below the parameters' floor (docs/model.md).
      {"--sweep-F", "0:0.0001:1001", "--sweep-k", "0.05:0.06:2", "--output", atlas},
      {"--output", atlas, "--sheet", (dir / "sheet.png").string()}};
  for (const auto& extra : cases) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    const ProgramResult run = run_batch(args);
    std::string line;
    for (const auto& a : extra) line += a + " ";
    EXPECT_NE(run.exit_code, 0) << line;
    EXPECT_EQ(run.err.find("grayscott-batch: error: "), 0u) << line << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << line << ": " << run.err;
    EXPECT_TRUE(dir.entries().empty()) << line;
  }
}

#if defined(GS_MPIEXEC)
// Two, three and seven ranks (3 and 3 runs; 2, 2 and 2; one run each and a rank with none) give
// the bits of one process.
TEST(Sweep, RanksGiveTheAtlasOfOneProcess) {
  ScratchDir dir;
  const auto alone = dir / "alone.h5";
  ASSERT_EQ(run_batch(sweep_args(alone)).exit_code, 0);
  for (int ranks : {2, 3, 7}) {
    const auto atlas = dir / ("ranks" + std::to_string(ranks) + ".h5");
    const ProgramResult run = run_ranks(ranks, sweep_args(atlas));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("over " + std::to_string(ranks) + " ranks"), std::string::npos)
        << run.out;
    EXPECT_TRUE(read_dataset(atlas, "v").values == read_dataset(alone, "v").values) << ranks;
    for (const char* name : {"coverage", "F", "k"})
      EXPECT_EQ(read_all<double>(atlas, name, H5T_NATIVE_DOUBLE),
                read_all<double>(alone, name, H5T_NATIVE_DOUBLE))
          << name << ", " << ranks << " ranks";
    EXPECT_EQ(read_all<std::int32_t>(atlas, "spots", H5T_NATIVE_INT32),
              read_all<std::int32_t>(alone, "spots", H5T_NATIVE_INT32));
    EXPECT_EQ(read_all<std::uint8_t>(atlas, "moving", H5T_NATIVE_UINT8),
              read_all<std::uint8_t>(alone, "moving", H5T_NATIVE_UINT8));
  }
}
#endif

}  // namespace
}  // namespace gs::test
