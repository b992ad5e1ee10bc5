// The real grayscott on the gl backend (GL compute on llvmpipe here), headless on EGL and in a
// window under Xvfb: the field it draws and the state it saves are the twin's, byte for byte; the
// frame reaches the texture on the `none` path with no transfer; `upload` still runs for the
// lesson's contrast; and `auto` passes over the software renderer for the CPU twin, saying why.
#include <gtest/gtest.h>

#include "app_run_support.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

std::string script_on(const std::string& backend, const ScratchDir& dir) {
  return "backend " + backend +
         "\n"
         "preset pearson-theta\n"
         "size 203 157\n"
         "pause\n"
         "reset grown-spots 5\n"
         "step 120\n"
         "paint 80 60 9 0.3 from 40 30\n"
         "paint-b 150 100 20\n"
         "step 60\n"
         "set colormap viridis\n"
         "set range-min 0\n"
         "set range-max 0.5\n"
         "save " +
         (dir / (backend + ".h5")).string() + "\nscreenshot " +
         (dir / (backend + ".png")).string() + "\nrun\nrun-frames 20\nquit\n";
}

TEST(AppGlBackend, HeadlessItDrawsAndSavesTheTwinsField) {
  ScratchDir dir;
  for (const std::string backend : {"gl", "cpu"}) {
    const ProgramResult app = run_app_headless(
        dir, script_on(backend, dir), {"--stats-json", (dir / (backend + ".json")).string()});
    ASSERT_EQ(app.exit_code, 0) << backend << ": " << app.err;
  }
  EXPECT_EQ(read_file(dir / "gl.h5"), read_file(dir / "cpu.h5")) << "the saved states";
  const Image gl = load_png(dir / "gl.png"), twin = load_png(dir / "cpu.png");
  EXPECT_GT(gl.distinct_colours(), 10u);
  EXPECT_TRUE(gl.rgb == twin.rgb) << "the screenshots";
  const nlohmann::json stats = load_json(dir / "gl.json");
  EXPECT_EQ(stats["backend"], "gl");
  EXPECT_EQ(stats["transfer"], "none");
  EXPECT_EQ(stats["fallback_reason"], "");
  EXPECT_EQ(stats["ms_per_frame"]["transfer"], 0.0);
  EXPECT_GT(stats["ms_per_frame"]["kernel"].get<double>(), 0.0);
  EXPECT_NE(stats["device"].get<std::string>().find("GL compute on "), std::string::npos);
}

// A caption about `none` is true on the gl backend the app was started on, also on llvmpipe (where
// this machine's own backend is the twin): no warning; started on the twin, it is warned of.
TEST(AppGlBackend, CaptionsAreJudgedOnTheBackendTheAppStartedOn) {
  ScratchDir dir;
  const std::string script =
      "size 64 48\ncaption none: the shader writes the texture, 0 MB/frame\nrun-frames 3\nquit\n";
  const ProgramResult gl = run_app_headless(dir, script, {"--backend", "gl", "--transfer", "none"});
  ASSERT_EQ(gl.exit_code, 0) << gl.err;
  EXPECT_EQ(gl.err.find("warning"), std::string::npos) << gl.err;
  const ProgramResult twin = run_app_headless(dir, script, {"--backend", "cpu"});
  ASSERT_EQ(twin.exit_code, 0) << twin.err;
  EXPECT_NE(twin.err.find("warning: the caption is about the none path, but this machine shows "
                          "upload"),
            std::string::npos)
      << twin.err;
}

TEST(AppGlBackend, InAWindowItDrawsTheTwinsFieldUploadRunsTooAndAutoPassesOverSoftware) {
  ScratchDir dir;
  for (const std::string backend : {"gl", "cpu"}) {
    const ProgramResult app = run_app(dir, script_on(backend, dir));
    ASSERT_EQ(app.exit_code, 0) << backend << ": " << app.err;
  }
  EXPECT_EQ(read_file(dir / "gl.h5"), read_file(dir / "cpu.h5")) << "the saved states";
  EXPECT_TRUE(load_png(dir / "gl.png").rgb == load_png(dir / "cpu.png").rgb) << "the screenshots";

  const ProgramResult app = run_app(
      dir,
      "backend gl\nsize 96 64\nrun-frames 5\ntransfer upload\nwait-timings 5\nrun-frames 5\n"
      "screenshot " +
          (dir / "upload.png").string() + "\nquit\n",
      {"--stats-json", (dir / "upload.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json upload = load_json(dir / "upload.json");
  EXPECT_EQ(upload["backend"], "gl");
  EXPECT_EQ(upload["transfer"], "upload");
  EXPECT_GT(upload["ms_per_frame"]["transfer"].get<double>(), 0.0) << "through host memory";

  const ProgramResult automatic = run_app(dir, "size 64 48\nrun-frames 3\nquit\n",
                                          {"--stats-json", (dir / "auto.json").string()});
  ASSERT_EQ(automatic.exit_code, 0) << automatic.err;
  const nlohmann::json chosen = load_json(dir / "auto.json");
  EXPECT_EQ(chosen["backend"], "cpu");
  const std::string why = chosen["backend_reason"].get<std::string>();
  EXPECT_NE(why.find("gl passed over: llvmpipe"), std::string::npos) << why;
  EXPECT_NE(why.find("is a software renderer"), std::string::npos) << why;
}

}  // namespace
}  // namespace gs::test
