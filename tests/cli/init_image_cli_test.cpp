// grayscott-batch --init-image: the state it starts from is the pictures library's seed of the
// picture (read back from --output after 0 steps, compared cell for cell), a run over MPI ranks
// (each rank seeding its own rows) ends bit for bit as one process's, a sweep starts every run
// from it and names it in the atlas, and every bad picture is one line naming the file, a
// non-zero exit and no output.
#include <gtest/gtest.h>
#include <hdf5.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bad_input_support.h"
#include "gs/state_file.h"
#include "picture_file.h"
#include "picture_seed.h"
#include "run_program.h"
#include "test_pictures.h"
#if defined(GS_MPIEXEC)
#include "mpi_ranks.h"
#endif

namespace gs::test {
namespace {

namespace fs = std::filesystem;

Fields read_fields(const fs::path& path) {
  Expected<StateFile> state = read_state(path);
  EXPECT_TRUE(state) << state.message();
  return state ? state->fields : Fields{};
}

// The seed the library makes of the picture at `path` on a grid this size.
Fields predicted_seed(const fs::path& path, const app::PictureSeedOptions& options, GridSize grid) {
  Expected<app::Picture> picture = app::read_picture(path);
  EXPECT_TRUE(picture) << picture.message();
  return app::seed_from_picture(*picture, options, grid);
}

std::string string_attribute(const fs::path& path, const char* name) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t attribute = H5Aopen(file, name, H5P_DEFAULT);
  const hid_t type = H5Aget_type(attribute);
  char* text = nullptr;
  std::string value;
  if (H5Aread(attribute, type, &text) >= 0 && text) value = text;
  H5free_memory(text);
  H5Tclose(type);
  H5Aclose(attribute);
  H5Fclose(file);
  return value;
}

TEST(BatchInitImage, StartsFromTheSeedThePictureMakes) {
  ScratchDir dir;
  write_test_picture(dir / "p.png");
  // The defaults (luminance, dark seeds, fit, smooth), then every option moved off its default.
  app::PictureSeedOptions defaults;
  app::PictureSeedOptions moved;
  moved.placement = {app::PictureChannel::Green, true, app::PictureFit::Fill};
  moved.threshold = 0.5f;
  moved.noise = 0.125f;
  moved.seed = 7;
  const std::vector<std::pair<std::vector<std::string>, app::PictureSeedOptions>> cases = {
      {{}, defaults},
      {{"--init-image-channel", "green", "--init-image-bright", "--init-image-fit", "fill",
        "--init-image-threshold", "0.5", "--init-image-noise", "0.125", "--seed", "7"},
       moved}};
  const GridSize grid{40, 30};
  for (const auto& [options, seed] : cases) {
    std::vector<std::string> args = {"--init-image", (dir / "p.png").string(),
                                     "--width",      "40",
                                     "--height",     "30",
                                     "--steps",      "0",
                                     "--backend",    "cpu",
                                     "--output",     (dir / "out.h5").string()};
    args.insert(args.end(), options.begin(), options.end());
    const ProgramResult result = run_batch(args);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const Fields out = read_fields(dir / "out.h5");
    const Fields expected = predicted_seed(dir / "p.png", seed, grid);
    EXPECT_TRUE(out.u == expected.u && out.v == expected.v) << options.size() << " options";
    EXPECT_GT(*std::max_element(out.v.begin(), out.v.end()), 0.2f) << "the picture seeded";
  }
}

TEST(BatchInitImage, ItsOptionsNeedItAndItExcludesTheOtherStarts) {
  ScratchDir dir;
  write_test_picture(dir / "p.png");
  const std::string picture = (dir / "p.png").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"--init-image-fit", "fill"}, "--init-image-fit requires --init-image"},
      {{"--init-image-bright"}, "--init-image-bright requires --init-image"},
      {{"--init-image", picture, "--init", "spots"}, "excludes"},
      {{"--init-image", picture, "--input", "x.h5"}, "excludes"},
      {{"--init-image", picture, "--init-image-fit", "squash"}, "--init-image-fit"},
      {{"--init-image", picture, "--init-image-threshold", "1.5"}, "not between 0 and 1"},
      {{"--init-image", picture, "--init-image-noise", "-0.1"}, "not between 0 and 1"}};
  for (const auto& [args, words] : refused) {
    const ProgramResult result = run_batch(args);
    EXPECT_EQ(result.exit_code, 2) << words;
    EXPECT_NE(result.err.find(words), std::string::npos) << result.err;
  }
  const ProgramResult bench = run_batch({"--init-image", picture, "--bench"});
  EXPECT_EQ(bench.exit_code, 1);
  EXPECT_NE(bench.err.find("--bench measures generated states: drop --init-image"),
            std::string::npos)
      << bench.err;
}

TEST(BatchInitImage, EveryBadPictureIsOneLineNamingTheFile) {
  ScratchDir dir;
  for (const BadPicture& bad : write_bad_pictures(dir.path())) {
    const ProgramResult result =
        run_batch({"--init-image", bad.path.string(), "--width", "32", "--height", "24", "--steps",
                   "5", "--output", (dir / "out.h5").string()});
    expect_one_line_error(result, {"--init-image", bad.path.filename().string(), bad.cause});
    EXPECT_FALSE(fs::exists(dir / "out.h5")) << bad.path;
  }
}

// A picture the run reads is never one of the files it writes, under any spelling: each case is
// one line naming both options, and the picture and the folder stay as they were.
TEST(BatchInitImage, NoOutputIsAPictureTheRunReads) {
  ScratchDir dir;
  write_test_picture(dir / "p.png");
  write_test_picture(dir / "s.png");
  fs::create_symlink(dir / "s.png", dir / "link.h5");
  const Args grid{"--width", "24", "--height", "16", "--steps", "1"};
  const Args sweep{"--sweep-F", "0.03:0.04:2", "--sweep-k", "0.06:0.062:2", "--steps",
                   "1",         "--width",     "24",        "--height",     "16"};
  const struct {
    Args args;
    std::vector<std::string> words;
  } cases[] = {
      {grid + Args{"--init-image", "@/p.png", "--output", "@/p.png"},
       {"--init-image and --output", "p.png"}},
      {grid + Args{"--init-image", "@/p.png", "--output", "@/./p.png"},
       {"--init-image and --output"}},
      {Args{"--width", "24", "--height", "16", "--style-image", "@/s.png", "--frames", "2",
            "--steps-per-frame", "1", "--frames-output", "@/link.h5"},
       {"--style-image and --frames-output", "link.h5"}},
      {sweep + Args{"--init-image", "@/p.png", "--output", "@/atlas.h5", "--sheet", "@/p.png"},
       {"--init-image and --sheet", "p.png"}},
      {sweep + Args{"--style-image", "@/s.png", "--output", "@/link.h5"},
       {"--style-image and --output", "link.h5"}},
  };
  const std::string picture = read_file(dir / "p.png"), style = read_file(dir / "s.png");
  for (const auto& c : cases) {
    const std::vector<std::string> before = dir.entries();
    expect_one_line_error(run_batch(in_folder(c.args, dir)), c.words);
    EXPECT_EQ(dir.entries(), before) << "files changed";
    EXPECT_EQ(read_file(dir / "p.png"), picture);
    EXPECT_EQ(read_file(dir / "s.png"), style);
  }
}

TEST(BatchInitImage, ASweepStartsEveryRunFromItAndTheAtlasNamesIt) {
  ScratchDir dir;
  write_test_picture(dir / "p.png");
  const ProgramResult result = run_batch(
      {"--init-image", (dir / "p.png").string(), "--init-image-fit", "stretch", "--sweep-F",
       "0.03:0.04:2", "--sweep-k", "0.06:0.062:2", "--steps", "0", "--width", "24", "--height",
       "16", "--backend", "cpu", "--output", (dir / "atlas.h5").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(string_attribute(dir / "atlas.h5", "init"),
            "image " + (dir / "p.png").string() + " fit=stretch");
}

#if defined(GS_MPIEXEC)
TEST(BatchInitImage, OverTwoRanksItEndsAsOneProcessBitForBit) {
  ScratchDir dir;
  write_test_picture(dir / "p.png", 33, 21);
  const std::vector<std::string> run = {"--init-image",
                                        (dir / "p.png").string(),
                                        "--init-image-noise",
                                        "0.05",
                                        "--seed",
                                        "3",
                                        "--width",
                                        "48",
                                        "--height",
                                        "36",
                                        "--steps",
                                        "40",
                                        "--backend",
                                        "cpu",
                                        "--F",
                                        "0.037",
                                        "--k",
                                        "0.06"};
  std::vector<std::string> one = run, two = run;
  one.insert(one.end(), {"--output", (dir / "one.h5").string()});
  two.insert(two.end(), {"--output", (dir / "two.h5").string(), "--halo", "4"});
  const ProgramResult single = run_batch(one);
  ASSERT_EQ(single.exit_code, 0) << single.err;
  const ProgramResult ranks = run_ranks(2, two);
  ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
  const Fields a = read_fields(dir / "one.h5"), b = read_fields(dir / "two.h5");
  EXPECT_TRUE(a.u == b.u && a.v == b.v);
  EXPECT_NE(a.v, predicted_seed(dir / "p.png", {}, {48, 36}).v) << "it stepped";
}

TEST(BatchInitImage, OverTwoRanksABadPictureIsOneLineAndNoOutput) {
  ScratchDir dir;
  const std::vector<BadPicture> bad = write_bad_pictures(dir.path());
  for (const BadPicture& picture : {bad[1], bad[2]}) {
    const ProgramResult result =
        run_ranks(2, {"--init-image", picture.path.string(), "--width", "32", "--height", "24",
                      "--steps", "5", "--output", (dir / "out.h5").string()});
    // Of ours, one line said once for all ranks (mpirun adds its own banner).
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_NE(result.err.find("grayscott-batch: error: --init-image: picture '" +
                              picture.path.string() + "'"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("grayscott-batch:"), result.err.rfind("grayscott-batch:"));
    EXPECT_FALSE(fs::exists(dir / "out.h5"));
  }
}
#endif

}  // namespace
}  // namespace gs::test
