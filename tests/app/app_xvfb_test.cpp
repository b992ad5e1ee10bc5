// The real grayscott program under Xvfb (Mesa's llvmpipe gives OpenGL 4.5), driven by scripts
// through the same command queue as the panel: it starts, follows the script, writes screenshots
// and stats that say what they should, and fails clearly on bad input.
#include <gtest/gtest.h>

#include <fstream>

#include "app_run_support.h"
#include "colormap.h"
#include "gs/cell_update.h"
#include "gs/state_file.h"
#include "video_recorder.h"

namespace gs::test {
namespace {

TEST(AppUnderXvfb, StartsRunsAndQuits) {
  ScratchDir dir;
  const ProgramResult result = run_app(dir, "run-frames 5\nquit\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST(AppUnderXvfb, ScriptDrivesPresetSizeStepsAndBackendAndScreenshotsShowIt) {
  ScratchDir dir;
  // `step N` runs exactly N steps whatever the machine's speed (the frame budget only spreads
  // them over frames), so the pattern's growth does not depend on how fast this machine is.
  const std::string script =
      "backend cpu\n"
      "preset pearson-theta\n"
      "size 200 120\n"
      "reset square 4\n"
      "steps-per-frame 40\n"
      "run-frames 3\n"
      "step 80\n"
      "screenshot " +
      (dir / "early.png").string() + "\n" +
      "step 2400\n"
      "screenshot " +
      (dir / "late.png").string() + "\n" +
      "size 96 64\n"
      "run-frames 2\n"
      "screenshot " +
      (dir / "small.png").string() + "\n" + "quit\n";
  const ProgramResult result =
      run_app(dir, script, {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;

  const Image early = load_png(dir / "early.png");
  const Image late = load_png(dir / "late.png");
  const Image small = load_png(dir / "small.png");
  ASSERT_EQ(early.width, 200);
  ASSERT_EQ(early.height, 120);
  ASSERT_EQ(late.width, 200);
  EXPECT_EQ(small.width, 96) << "the screenshot follows `size`";
  EXPECT_EQ(small.height, 64);
  EXPECT_GT(late.distinct_colours(), 10u) << "not blank";
  // The pattern grows from Pearson's square: more of the field is active later.
  const app::Rgb background = app::colormap_table(*app::find_colormap("viridis")).front();
  EXPECT_GT(early.active_pixels(background), 0u);
  EXPECT_GT(late.active_pixels(background), 2 * early.active_pixels(background));

  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_FALSE(stats.is_discarded());
  EXPECT_EQ(stats["backend"], "cpu");
  EXPECT_EQ(stats["transfer"], "upload");
  EXPECT_NE(stats["fallback_reason"].get<std::string>().find("cuda"), std::string::npos);
  EXPECT_GT(stats["ms_per_frame"]["kernel"].get<double>(), 0.0);
  EXPECT_GT(stats["ms_per_frame"]["transfer"].get<double>(), 0.0);
  EXPECT_GE(stats["steps"].get<long long>(), 80 + 2400);
  EXPECT_EQ(stats["width"], 96);
}

TEST(AppUnderXvfb, AskingForTheHostPathOnTheTwinFallsBackToUploadAndSaysWhy) {
  ScratchDir dir;
  const ProgramResult result = run_app(dir, "transfer host\nrun-frames 3\nquit\n",
                                       {"--stats-json", (dir / "s.json").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json stats = load_json(dir / "s.json");
  EXPECT_EQ(stats["transfer"], "upload");
  EXPECT_NE(stats["fallback_reason"].get<std::string>().find("host needs the cuda backend"),
            std::string::npos);
}

TEST(AppUnderXvfb, ABadScriptLineNamesItsLineAndExitsNonZero) {
  ScratchDir dir;
  const ProgramResult syntax = run_app(dir, "run-frames 1\n# fine\nfly away\n");
  EXPECT_NE(syntax.exit_code, 0);
  EXPECT_NE(syntax.err.find("script.gs:3: unknown command 'fly'"), std::string::npos) << syntax.err;

  const ProgramResult refused = run_app(dir, "run-frames 1\npreset no-such-preset\nquit\n");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.err.find("script.gs:2: unknown preset 'no-such-preset'"), std::string::npos)
      << refused.err;
}

TEST(AppUnderXvfb, AMissingShaderIsAnErrorNamingItsPath) {
  ScratchDir dir;
  ScratchDir data;
  std::filesystem::create_directories(data / "assets");
  std::filesystem::copy_file(std::filesystem::path(GS_APP_BINARY).parent_path().parent_path() /
                                 "share/grayscott-live/assets/presets.json",
                             data / "assets" / "presets.json");
  std::ofstream(dir / "script.gs") << "quit\n";
  const ProgramResult result = run_program(
      "/usr/bin/env", Args{"GS_DATA_DIR=" + data.path().string()} + xvfb_run() +
                          Args{GS_APP_BINARY, "--script", (dir / "script.gs").string()});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find((data / "shaders" / "field.vert").string()), std::string::npos)
      << result.err;
}

TEST(AppWithoutDisplay, PointsToHeadlessModeAndTheBatchProgram) {
  const ProgramResult result =
      run_program("/usr/bin/env", {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", GS_APP_BINARY});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_NE(result.err.find("no display"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("--headless"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("grayscott-batch"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(AppUnderXvfb, SavedStatesRoundTripAndBatchStatesOpen) {
  ScratchDir dir;
  // A state written by grayscott-batch...
  const ProgramResult batch =
      run_program(GS_BATCH_BINARY, {"--width", "90", "--height", "70", "--preset", "coral",
                                    "--steps", "50", "--output", (dir / "batch.h5").string()});
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  // ...opens in the app, which saves it back unchanged; stepping then loading restores it.
  const std::string script =
      "pause\n"
      "load " +
      (dir / "batch.h5").string() + "\n" + "save " + (dir / "app.h5").string() + "\n" +
      "step 25\n"
      "save " +
      (dir / "stepped.h5").string() + "\n" + "load " + (dir / "app.h5").string() + "\n" + "save " +
      (dir / "again.h5").string() + "\n" + "quit\n";
  const ProgramResult app = run_app(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> from_batch = read_state(dir / "batch.h5");
  Expected<StateFile> saved = read_state(dir / "app.h5");
  Expected<StateFile> stepped = read_state(dir / "stepped.h5");
  Expected<StateFile> again = read_state(dir / "again.h5");
  ASSERT_TRUE(from_batch && saved && stepped && again);
  EXPECT_EQ(saved->fields.size, (GridSize{90, 70})) << "the file's shape sets the grid";
  EXPECT_EQ(saved->fields.u, from_batch->fields.u);
  EXPECT_EQ(saved->fields.v, from_batch->fields.v);
  EXPECT_EQ(saved->params.F, from_batch->params.F) << "the parameters come with the state";
  EXPECT_EQ(saved->step, 50);
  EXPECT_NE(stepped->fields.v, saved->fields.v);
  EXPECT_EQ(stepped->step, 75);
  EXPECT_EQ(again->fields.u, saved->fields.u);
  EXPECT_EQ(again->fields.v, saved->fields.v);
  // And the app's state continues in the batch program.
  const ProgramResult onwards =
      run_program(GS_BATCH_BINARY, {"--input", (dir / "stepped.h5").string(), "--steps", "5",
                                    "--output", (dir / "onwards.h5").string()});
  EXPECT_EQ(onwards.exit_code, 0) << onwards.err;
}

// The panel's CPU loop switch, driven by a script: the reference sweep and the fast path (here on
// forced 8-step passes) step the same state to the same bits, and the stats say which ran.
TEST(AppUnderXvfb, CpuLoopSwitchKeepsTheSimulationExact) {
  ScratchDir dir;
  const auto run_to = [&](const std::string& loop_settings, const std::string& name) {
    return "reset spots 9\n" + loop_settings + "step 120\nsave " + (dir / name).string() + "\n";
  };
  const std::string script =
      "backend cpu\npause\nsize 130 90\n" + run_to("set cpu-path reference\n", "reference.h5") +
      run_to("set cpu-path fast\nset steps-per-pass 8\n", "fast.h5") + "quit\n";
  const ProgramResult app = run_app(dir, script, {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> reference = read_state(dir / "reference.h5");
  Expected<StateFile> fast = read_state(dir / "fast.h5");
  ASSERT_TRUE(reference && fast);
  EXPECT_EQ(reference->step, 120);
  EXPECT_EQ(fast->fields.u, reference->fields.u);
  EXPECT_EQ(fast->fields.v, reference->fields.v);
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_NE(stats["device"].get<std::string>().find("fast path"), std::string::npos) << stats;
}

TEST(AppUnderXvfb, BadCpuLoopSettingsNameTheirLine) {
  ScratchDir dir;
  const ProgramResult app = run_app(dir, "backend cpu\nset steps-per-pass 99\nquit\n");
  EXPECT_NE(app.exit_code, 0);
  EXPECT_NE(app.err.find(":2:"), std::string::npos) << app.err;
  EXPECT_NE(app.err.find("steps-per-pass"), std::string::npos) << app.err;
}

TEST(AppUnderXvfb, AForeignStateFileIsAClearErrorAndTheStateIsKept) {
  ScratchDir dir;
  std::ofstream(dir / "foreign.h5") << "not a state\n";
  const ProgramResult result =
      run_app(dir, "size 64 48\nload " + (dir / "foreign.h5").string() + "\nquit\n");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("script.gs:2:"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("not an HDF5 file"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gs::test
