// The real grayscott with --headless: no DISPLAY, no WAYLAND_DISPLAY, OpenGL from EGL's device
// platform (Mesa's llvmpipe here) into an offscreen framebuffer. The same frame loop as a window:
// captures, saves, stats and video agree with the state, and with a windowed run of the script.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "app_run_support.h"
#include "gs/state_file.h"
#include "video_recorder.h"

namespace gs::test {
namespace {

std::size_t line_count(const std::string& text) {
  return std::size_t(std::count(text.begin(), text.end(), '\n'));
}

TEST(AppHeadless, CapturesAndTheSavedStateAgreeWithoutAWindowSystem) {
  ScratchDir dir;
  const std::string script =
      "backend cpu\n"
      "preset pearson-theta\n"
      "size 150 100\n"
      "pause\n"
      "reset square 4\n"
      "set colormap magma\n"
      "set range-min 0\n"
      "set range-max 0.4\n"
      "step 300\n"
      "save " +
      (dir / "a.h5").string() + "\nscreenshot " + (dir / "f.png").string() +
      "\nwindow-screenshot " + (dir / "w.png").string() +
      "\n"
      "set ui hidden\n"
      "run-frames 1\n"
      "window-screenshot " +
      (dir / "clean.png").string() + "\nquit\n";
  // An odd width: the capture's rows are not 4-byte aligned.
  const ProgramResult app = run_app_headless(
      dir, script, {"--window-size", "643x401", "--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;

  Expected<StateFile> state = read_state(dir / "a.h5");
  ASSERT_TRUE(state) << state.message();
  EXPECT_EQ(state->step, 300);
  const Image field = load_png(dir / "f.png");
  ASSERT_EQ(field.width, 150);
  ASSERT_EQ(field.height, 100);
  const std::vector<float> v(state->fields.v.begin(), state->fields.v.end());
  EXPECT_TRUE(field.rgb == field_through_colormap(v, "magma", 0.0f, 0.4f))
      << "the field capture is the saved v through the colormap, byte for byte";
  EXPECT_GT(field.distinct_colours(), 10u) << "the pattern has grown";

  const Image window = load_png(dir / "w.png");
  const Image clean = load_png(dir / "clean.png");
  ASSERT_EQ(window.width, 643);
  ASSERT_EQ(window.height, 401);
  ASSERT_EQ(clean.width, 643);
  ASSERT_EQ(clean.height, 401);
  EXPECT_GT(window.distinct_colours(), 20u) << "not blank";
  // The panel sits at the left: there the captures differ. Hidden, the field takes the window and
  // nothing of the UI is drawn over it.
  EXPECT_FALSE(same_pixels(window, clean, 10, 10, 300, 200)) << "the panel is drawn";
  const std::optional<app::ScreenRect> field_rect =
      rect_of(load_json(dir / "stats.json")["ui"]["field"]);
  ASSERT_TRUE(field_rect);
  EXPECT_GT(colormap_share(clean, *field_rect, app::colormap_table(*app::find_colormap("magma"))),
            0.99)
      << "nothing over the field";
}

TEST(AppHeadless, StatsNameTheBackendPathAndHeadlessOpenGl) {
  ScratchDir dir;
  const ProgramResult app = run_app_headless(dir, "backend cpu\nsize 128 96\nrun-frames 10\nquit\n",
                                             {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  ASSERT_FALSE(stats.is_discarded());
  EXPECT_EQ(stats["backend"], "cpu");
  EXPECT_EQ(stats["transfer"], "upload");
  EXPECT_GE(stats["frames"].get<long long>(), 10);
  EXPECT_GT(stats["ms_per_frame"]["kernel"].get<double>(), 0.0);
  EXPECT_GT(stats["ms_per_frame"]["transfer"].get<double>(), 0.0);
  // The upload path's transfer is the host's own work (its write into the mapped buffer), and
  // that part is given apart too: host calls within the transfer, never above it.
  const double host_calls = stats["ms_per_frame"]["transfer_host"].get<double>();
  EXPECT_GT(host_calls, 0.0);
  EXPECT_LE(host_calls, stats["ms_per_frame"]["transfer"].get<double>());
  EXPECT_NE(stats["opengl"].get<std::string>().find("headless on EGL device"), std::string::npos)
      << stats["opengl"];
}

TEST(AppHeadless, ARecordingHasOneVideoFramePerDisplayedFrame) {
  if (!app::VideoRecorder::encodes_mp4())
    GTEST_SKIP() << "built without libavcodec: PNG sequences only";
  ScratchDir dir;
  const std::string script = "size 160 120\nreset spots 2\nrecord start " +
                             (dir / "clip.mp4").string() +
                             " 4 30\n"
                             "run-frames 30\n"
                             "record stop\n"
                             "quit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const Probe video = probe(dir / "clip.mp4");
  EXPECT_EQ(video.codec, "h264");
  EXPECT_EQ(video.width, 160);
  EXPECT_EQ(video.height, 120);
  EXPECT_EQ(video.frames, 30);
  EXPECT_TRUE(plays_to_the_end(dir / "clip.mp4"));
}

TEST(AppHeadless, WithoutAScriptIsAOneLineUsageError) {
  const ProgramResult result = run_program(
      "/usr/bin/env", {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", GS_APP_BINARY, "--headless"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(line_count(result.err), 1u) << result.err;
  EXPECT_NE(result.err.find("--headless needs --script"), std::string::npos) << result.err;
}

TEST(AppHeadless, ABadWindowSizeIsAOneLineUsageError) {
  ScratchDir dir;
  for (const std::string size : {"0x5", "abc", "100000x100000", "640x", "-5x5", "5x5x5"}) {
    const ProgramResult result = run_app_headless(dir, "quit\n", {"--window-size", size});
    EXPECT_EQ(result.exit_code, 2) << size;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find("--window-size '" + size + "'"), std::string::npos) << result.err;
  }
}

// Numbers are read whole, as grayscott-batch reads them: an empty value, trailing letters or 22
// digits are usage errors quoting what was given (CLI11 alone said "Value  not in range").
TEST(AppHeadless, ABadGridNumberIsAOneLineUsageErrorQuotingIt) {
  ScratchDir dir;
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--width", "", "--height", "64"}, "--width: '' is not a whole number"},
      {{"--width", "64", "--height", "12x"}, "--height: '12x' is not a whole number"},
      {{"--width", "9999999999999999999999", "--height", "64"}, "'9999999999999999999999' is out"},
      {{"--steps-per-frame", "0"}, "--steps-per-frame: '0' is too small"}};
  for (const auto& [args, words] : cases) {
    const ProgramResult result = run_app_headless(dir, "quit\n", args);
    EXPECT_EQ(result.exit_code, 2) << words;
    EXPECT_EQ(line_count(result.err), 1u) << result.err;
    EXPECT_NE(result.err.find(words), std::string::npos) << result.err;
  }
}

// The script help lists the commands and every `set` name, from the registry the parser reads.
TEST(AppHeadless, ScriptHelpListsEveryControl) {
  const ProgramResult result = run_program(GS_APP_BINARY, {"--script-help"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  for (const char* word :
       {"favourite add NAME", "record start", "set NAME VALUE", "reseed-on-preset",
        "five-point, nine-point, course", "hidden, shown", "script next|previous|restart|stop"})
    EXPECT_NE(result.out.find(word), std::string::npos) << word << " not in:\n" << result.out;
}

TEST(AppHeadless, LeavesTheRememberedSettingsAloneAndHonoursTheRest) {
  ScratchDir dir;
  const std::filesystem::path config = dir / "config" / "grayscott-live";
  // A first run with nothing remembered writes nothing, whatever it changes.
  const ProgramResult first = run_app_headless(dir, "set ui-scale 1.5\nrun-frames 2\nquit\n");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_FALSE(std::filesystem::exists(config / "settings.json"));
  EXPECT_FALSE(std::filesystem::exists(config / "imgui.ini"));

  // With settings remembered: the window placement is not read (the capture has the default
  // size), the capture folder is; the file stays exactly as it was.
  std::filesystem::create_directories(config);
  std::filesystem::create_directory(dir / "captures");
  const nlohmann::json remembered = {
      {"ui_scale", 1.25},
      {"capture_folder", (dir / "captures").string()},
      {"window", {{"x", 40}, {"y", 30}, {"width", 320}, {"height", 240}}}};
  std::ofstream(config / "settings.json") << remembered.dump(2) << "\n";
  const std::string before = read_file(config / "settings.json");
  const ProgramResult second = run_app_headless(
      dir, "size 64 48\nrun-frames 2\nscreenshot\nwindow-screenshot " + (dir / "w.png").string() +
               "\nset font-size 30\nrun-frames 1\nquit\n");
  ASSERT_EQ(second.exit_code, 0) << second.err;
  const Image window = load_png(dir / "w.png");
  EXPECT_EQ(window.width, 1400) << "the default size, not the remembered 320x240";
  EXPECT_EQ(window.height, 900);
  std::vector<std::filesystem::path> captures;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "captures"))
    captures.push_back(entry.path());
  ASSERT_EQ(captures.size(), 1u) << "the remembered capture folder is used";
  EXPECT_EQ(load_png(captures[0]).width, 64);
  EXPECT_EQ(read_file(config / "settings.json"), before);
  EXPECT_FALSE(std::filesystem::exists(config / "imgui.ini"));
}

TEST(AppHeadless, WindowedAndHeadlessRunsGiveTheSameFieldScreenshots) {
  ScratchDir windowed_dir, headless_dir;
  const auto script = [](const ScratchDir& dir) {
    return "backend cpu\npreset pearson-theta\nsize 120 90\npause\nreset square 7\n"
           "set colormap turbo\nstep 400\nscreenshot " +
           (dir / "field.png").string() + "\nquit\n";
  };
  const ProgramResult windowed = run_app(windowed_dir, script(windowed_dir));
  ASSERT_EQ(windowed.exit_code, 0) << windowed.err;
  const ProgramResult headless = run_app_headless(headless_dir, script(headless_dir));
  ASSERT_EQ(headless.exit_code, 0) << headless.err;
  const Image shown = load_png(windowed_dir / "field.png");
  ASSERT_EQ(shown.width, 120);
  EXPECT_GT(shown.distinct_colours(), 10u) << "not blank";
  EXPECT_EQ(read_file(windowed_dir / "field.png"), read_file(headless_dir / "field.png"));
}

// EGL's failures end the run with one line of the app's naming the failing call and EGL's error
// (Mesa's vendor library only, so a GPU's EGL cannot step in).
TEST(AppHeadless, EglFailuresAreOneLineNamingTheCallAndTheError) {
  const std::string mesa_vendor = "/usr/share/glvnd/egl_vendor.d/50_mesa.json";
  if (!std::filesystem::exists(mesa_vendor))
    GTEST_SKIP() << "no Mesa EGL vendor at " << mesa_vendor;
  ScratchDir dir;
  ScratchDir no_drivers;
  const ProgramResult no_driver =
      run_app_headless(dir, "quit\n", {},
                       {"__EGL_VENDOR_LIBRARY_FILENAMES=" + mesa_vendor,
                        "LIBGL_DRIVERS_PATH=" + no_drivers.path().string()});
  EXPECT_EQ(no_driver.exit_code, 1);
  EXPECT_EQ(app_lines(no_driver.err), 1) << no_driver.err;
  EXPECT_NE(
      no_driver.err.find("grayscott: error: cannot start headless OpenGL: eglInitialize failed: "
                         "EGL_NOT_INITIALIZED\n"),
      std::string::npos)
      << no_driver.err;

  const ProgramResult no_vendor =
      run_app_headless(dir, "quit\n", {}, {"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"});
  EXPECT_EQ(no_vendor.exit_code, 1);
  EXPECT_EQ(app_lines(no_vendor.err), 1) << no_vendor.err;
  EXPECT_NE(no_vendor.err.find("EGL_EXT_device_enumeration"), std::string::npos) << no_vendor.err;
}

TEST(AppHeadless, GsEglDevicePicksADeviceAndRefusesOneThatIsNotThere) {
  ScratchDir dir;
  const ProgramResult first =
      run_app_headless(dir, "run-frames 1\nquit\n", {"--stats-json", (dir / "stats.json").string()},
                       {"GS_EGL_DEVICE=0"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_NE(stats["opengl"].get<std::string>().find("EGL device 0"), std::string::npos);
  EXPECT_EQ(stats["egl_device"].get<std::string>().rfind("EGL device 0", 0), 0u)
      << "the user's device, whatever CUDA device is wanted";
  for (const std::string choice : {"99", "one", "-1"}) {
    const ProgramResult refused = run_app_headless(dir, "quit\n", {}, {"GS_EGL_DEVICE=" + choice});
    EXPECT_EQ(refused.exit_code, 1) << choice;
    EXPECT_EQ(line_count(refused.err), 1u) << refused.err;
    EXPECT_NE(refused.err.find("GS_EGL_DEVICE=" + choice + " is not a device number"),
              std::string::npos)
        << refused.err;
  }
}

}  // namespace
}  // namespace gs::test
