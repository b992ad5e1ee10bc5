// A saved setup and its pictures move together: save-setup names the seed's picture and the
// painted style map's picture from the setup's own folder, and a script reads a relative picture
// beside itself first. Before, the painted map's picture was written as an absolute path, and the
// moved pair failed.
#include <gtest/gtest.h>

#include <fstream>

#include "app_run_support.h"
#include "gs/state_file.h"
#include "test_pictures.h"

namespace gs::test {
namespace {

TEST(AppSetupPictures, ASetupMovedWithItsPicturesMakesTheSameStart) {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "work" / "lesson");
  write_test_picture(dir / "work" / "seed.png", 48, 32);
  // Made in work/: a seed from a picture there, a style map painted by hand, saved in lesson/.
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(dir / "work");
  const ProgramResult made = run_app_headless(
      dir, "backend cpu\nsize 64 48\npause\nseed-image seed.png\npaint-b 20 20 8\nsave " +
               (dir / "made.h5").string() + "\nsave-setup lesson/setup.gs\nquit\n");
  std::filesystem::current_path(before);
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::string setup = read_file(dir / "work" / "lesson" / "setup.gs");
  EXPECT_NE(setup.find("seed-image ../seed.png"), std::string::npos) << setup;
  EXPECT_NE(setup.find("style-image setup-style.png"), std::string::npos) << setup;
  EXPECT_EQ(setup.find(dir.path().string()), std::string::npos) << "no absolute path: " << setup;

  // The whole folder moved, and the setup run from somewhere else altogether.
  std::filesystem::rename(dir / "work", dir / "moved");
  std::ofstream(dir / "moved" / "lesson" / "setup.gs", std::ios::app)
      << "save " << (dir / "again.h5").string() << "\nquit\n";
  std::filesystem::create_directories(dir / "elsewhere");
  std::filesystem::current_path(dir / "elsewhere");
  const ProgramResult again =
      run_program("/usr/bin/env",
                  {"-u", "DISPLAY", "XDG_CONFIG_HOME=" + (dir / "config").string(), GS_APP_BINARY,
                   "--headless", "--script", (dir / "moved" / "lesson" / "setup.gs").string()});
  std::filesystem::current_path(before);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  Expected<StateFile> first = read_state(dir / "made.h5");
  Expected<StateFile> second = read_state(dir / "again.h5");
  ASSERT_TRUE(first && second) << first.message() << second.message();
  EXPECT_EQ(second->fields.u, first->fields.u) << "the same seed";
  EXPECT_EQ(second->fields.style, first->fields.style) << "the same style map";
}

// A stroke painted on v and steps since the start are not in the lines that make the start:
// save-setup saves the state beside them and the lines load it last, so they make the state on
// screen exactly. Before, a stroke of the coral study left |v| 0.42 apart after 2,000 steps, with
// no word of it.
TEST(AppSetupPictures, ASetupOfAStateAwayFromItsStartCarriesTheStateItself) {
  ScratchDir dir;
  const auto at = [&](const char* name) { return (dir / name).string(); };
  const ProgramResult made =
      run_app_headless(dir,
                       "backend cpu\nsize 64 48\npause\npreset coral\nreset spots 7\n"
                       "paint 32 24 6 0.5 from 10 24\nstep 200\nsave " +
                           at("made.h5") + "\nsave-setup " + at("study.gs") + "\nquit\n");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::string setup = read_file(dir / "study.gs");
  EXPECT_NE(setup.find("# the state, 200 steps past its start, changed by hand"), std::string::npos)
      << setup;
  EXPECT_NE(setup.find("\nload study-state.h5\n"), std::string::npos) << setup;
  std::ofstream(dir / "study.gs", std::ios::app) << "save " << at("again.h5") << "\nquit\n";
  const ProgramResult again =
      run_program("/usr/bin/env", {"-u", "DISPLAY", "XDG_CONFIG_HOME=" + at("config"),
                                   GS_APP_BINARY, "--headless", "--script", at("study.gs")});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  Expected<StateFile> first = read_state(dir / "made.h5");
  Expected<StateFile> second = read_state(dir / "again.h5");
  ASSERT_TRUE(first && second) << first.message() << second.message();
  EXPECT_TRUE(second->fields.u == first->fields.u && second->fields.v == first->fields.v)
      << "the state on screen, stroke and steps included";
  EXPECT_EQ(second->step, first->step);
}

}  // namespace
}  // namespace gs::test
