// The real app seeded from a picture: headless, `seed-image` with its options saves the state the
// pictures library predicts on the grid the app has, save-setup (Copy as script) repeats the seed
// so its lines make the same state in a fresh app, and a bad picture ends the script with one
// line naming the file. (The state kept after a refusal, the stamp and the drop's command are in
// picture_seed_core_test.cpp; a drop cannot be made under Xvfb: xdotool drops no files.)
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "app_run_support.h"
#include "gs/state_file.h"
#include "picture_file.h"
#include "picture_seed.h"
#include "test_pictures.h"

namespace gs::test {
namespace {

Fields saved_fields(const std::filesystem::path& path) {
  Expected<StateFile> state = read_state(path);
  EXPECT_TRUE(state) << state.message();
  return state ? state->fields : Fields{};
}

TEST(AppSeedImage, SeedsThePicturesStateAndTheSetupRepeatsIt) {
  ScratchDir dir;
  write_test_picture(dir / "p.png", 30, 20);
  const std::string seed_line =
      "seed-image " + (dir / "p.png").string() + " channel=green fit=fill noise=0.1 seed=3";
  const ProgramResult app = run_app_headless(
      dir, "backend cpu\nsize 48 32\npause\n" + seed_line + "\nsave " + (dir / "out.h5").string() +
               "\nsave-setup " + (dir / "setup.gs").string() + "\nquit\n");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  app::PictureSeedOptions options;
  options.placement.channel = app::PictureChannel::Green;
  options.placement.fit = app::PictureFit::Fill;
  options.noise = 0.1f;
  options.seed = 3;
  const Fields expected =
      app::seed_from_picture(*app::read_picture(dir / "p.png"), options, {48, 32});
  const Fields out = saved_fields(dir / "out.h5");
  EXPECT_TRUE(out.u == expected.u && out.v == expected.v);

  const std::string setup = read_file(dir / "setup.gs");
  // Every digit the float needs, as the setup writes every number; the picture named from the
  // setup's folder.
  const std::string written = "seed-image p.png channel=green fit=fill noise=0.100000001 seed=3";
  EXPECT_NE(setup.find("\n" + written + "\n"), std::string::npos) << setup;
  // The setup's lines in a fresh app (another grid to start with) make the same state.
  const ProgramResult again =
      run_app_headless(dir, "backend cpu\nsize 20 20\npause\n" + setup + "save " +
                                (dir / "again.h5").string() + "\nquit\n");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const Fields repeated = saved_fields(dir / "again.h5");
  EXPECT_TRUE(repeated.u == out.u && repeated.v == out.v);
}

TEST(AppSeedImage, ABadPictureIsOneLineNamingTheFile) {
  ScratchDir dir;
  const std::vector<BadPicture> bad = write_bad_pictures(dir.path());
  for (const BadPicture& picture : {bad[0], bad[2]}) {  // missing, a 40000x40000 header
    const ProgramResult app = run_app_headless(
        dir, "backend cpu\nsize 32 24\nseed-image " + picture.path.string() + "\nquit\n");
    EXPECT_EQ(app.exit_code, 1) << app.err;
    EXPECT_NE(app.err.find("grayscott: error: "), std::string::npos) << app.err;
    EXPECT_NE(app.err.find("seed-image: picture '" + picture.path.string() + "'"),
              std::string::npos)
        << app.err;
    EXPECT_NE(app.err.find(picture.cause), std::string::npos) << app.err;
    EXPECT_EQ(std::count(app.err.begin(), app.err.end(), '\n'), 1) << app.err;
  }
}

}  // namespace
}  // namespace gs::test
