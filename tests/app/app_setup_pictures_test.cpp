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

}  // namespace
}  // namespace gs::test
