// Captions that say what this machine will not show warn as the script is checked
// (core/caption_truth.h): a transfer path it does not run, an MB/frame figure its Timings will not
// show. The guide's example run as written without a GPU once said "host: down to host memory and
// back up" while the bar and the Timings said upload. The shipped demos give no warning on either
// kind of machine.
#include <gtest/gtest.h>

#include "caption_truth.h"
#include "demo_scripts.h"
#include "gs/data_paths.h"
#include "script_conditions.h"

namespace gs::app {
namespace {

std::vector<std::string> warnings_of(const std::string& text, Machine machine) {
  Expected<std::vector<ScriptLine>> lines = parse_script(text, "lecture.gs");
  EXPECT_TRUE(lines) << lines.message();
  if (!lines) return {};
  return caption_warnings(lines_for_machine(std::move(lines).value(), machine), "lecture.gs",
                          machine, machine);
}

TEST(CaptionTruth, APathThisMachineDoesNotRunIsAWarning) {
  const std::string script =
      "size 1920 1080\ntransfer host\ncaption host: down to host memory and back up\n";
  const std::vector<std::string> without_gpu = warnings_of(script, Machine::Cpu);
  ASSERT_EQ(without_gpu.size(), 1u);
  EXPECT_EQ(without_gpu[0].rfind("lecture.gs:3: warning: the caption is about the host path, but "
                                 "this machine shows upload (without a GPU only upload runs)",
                                 0),
            0u)
      << without_gpu[0];
  EXPECT_TRUE(warnings_of(script, Machine::Cuda).empty()) << "a GPU runs the host path";
  // Inside `if gpu`, or saying it is about a GPU, a caption is not this machine's.
  EXPECT_TRUE(warnings_of("transfer host\nif gpu\ncaption host: two crossings\nend\n", Machine::Cpu)
                  .empty());
  EXPECT_TRUE(
      warnings_of("caption On a GPU, host: two crossings, 16.6 MB/frame\n", Machine::Cpu).empty());
}

TEST(CaptionTruth, AFigureOtherThanTheTimingsWillShowIsAWarning) {
  EXPECT_TRUE(warnings_of("size 1920 1080\ncaption upload: 8.3 MB/frame\n", Machine::Cpu).empty());
  const std::vector<std::string> wrong =
      warnings_of("size 1920 1080\ncaption upload: 16.6 MB/frame into OpenGL\n", Machine::Cpu);
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_NE(wrong[0].find("the caption says 16.6 MB/frame, but this machine's Timings show 8.3 "
                          "MB/frame there (upload of 1920x1080)"),
            std::string::npos)
      << wrong[0];
  // On a GPU the path asked for runs: two crossings on host.
  EXPECT_TRUE(
      warnings_of("size 1920 1080\ntransfer host\ncaption host: 16.6 MB a frame\n", Machine::Cuda)
          .empty());
  EXPECT_EQ(
      warnings_of("size 1920 1080\ntransfer interop\ncaption 8.3 MB/frame\n", Machine::Cuda).size(),
      1u);
}

// A script's own `backend` line changes what runs, so the captions after it are judged by that
// backend: `backend gl` forced on llvmpipe shows none, `backend cpu` on a GPU shows upload only.
TEST(CaptionTruth, AfterTheScriptsBackendLineItsBackendIsJudged) {
  EXPECT_TRUE(warnings_of("size 1920 1080\nbackend gl\ntransfer none\n"
                          "caption none: the shader writes the texture, 0 MB/frame\n",
                          Machine::Cpu)
                  .empty())
      << "llvmpipe runs gl when the script asks for it by name";
  const std::vector<std::string> twin_on_a_gpu = warnings_of(
      "size 1920 1080\nbackend cpu\ntransfer host\ncaption host: 16.6 MB/frame\n", Machine::Cuda);
  ASSERT_EQ(twin_on_a_gpu.size(), 2u);
  EXPECT_NE(twin_on_a_gpu[0].find("about the host path, but this machine shows upload (after the "
                                  "script's `backend cpu`, the CPU twin runs, upload only)"),
            std::string::npos)
      << twin_on_a_gpu[0];
  EXPECT_NE(twin_on_a_gpu[1].find("Timings show 8.3 MB/frame there (upload of 1920x1080)"),
            std::string::npos)
      << twin_on_a_gpu[1];
  // cuda asked for where none runs falls back to the twin: one crossing, not the gl backend's two.
  const std::string cuda_asked =
      "size 1920 1080\nbackend cuda\ntransfer upload\ncaption upload: 8.3 MB/frame\n";
  EXPECT_TRUE(warnings_of(cuda_asked, Machine::Gl).empty());
  EXPECT_EQ(
      warnings_of("size 1920 1080\ntransfer upload\ncaption upload: 8.3 MB/frame\n", Machine::Gl)
          .size(),
      1u)
      << "without the backend line the gl backend's upload crosses twice";
  // auto goes back to the machine's own.
  EXPECT_EQ(warnings_of("backend gl\nbackend auto\ntransfer none\ncaption none: nothing crosses\n",
                        Machine::Cpu)
                .size(),
            1u);
}

// The app started on another backend than its machine's own (`--backend gl` on llvmpipe): the
// captions before any `backend` line are judged on that backend.
TEST(CaptionTruth, TheBackendTheAppStartedOnIsJudgedUntilTheScriptChangesIt) {
  Expected<std::vector<ScriptLine>> lines = parse_script(
      "size 1920 1080\ncaption none: the shader writes the texture, 0 MB/frame\n"
      "backend auto\ncaption none: 0 MB/frame\n",
      "lecture.gs");
  ASSERT_TRUE(lines) << lines.message();
  const std::vector<std::string> warnings =
      caption_warnings(*lines, "lecture.gs", Machine::Cpu, Machine::Gl);
  ASSERT_EQ(warnings.size(), 2u) << "the first caption is the gl backend's, the second the twin's";
  EXPECT_EQ(warnings[0].rfind("lecture.gs:4: warning: the caption is about the none path", 0), 0u)
      << warnings[0];
  const std::vector<std::string> on_twin =
      caption_warnings(*lines, "lecture.gs", Machine::Gl, Machine::Cpu);
  ASSERT_EQ(on_twin.size(), 2u);
  EXPECT_NE(on_twin[0].find("this machine shows upload (on the backend the app started with, the "
                            "CPU twin runs, upload only)"),
            std::string::npos)
      << on_twin[0];
}

// A GPU without CUDA runs the gl backend: `none` for what the script asks of CUDA, or upload.
TEST(CaptionTruth, OnAGpuWithoutCudaNoneOrUploadRuns) {
  const std::string script =
      "size 1920 1080\ntransfer interop\ncaption interop: nothing crosses PCIe\n";
  const std::vector<std::string> on_gl = warnings_of(script, Machine::Gl);
  ASSERT_EQ(on_gl.size(), 1u);
  EXPECT_NE(on_gl[0].find("about the interop path, but this machine shows none (on a GPU without "
                          "CUDA the gl backend runs none or upload)"),
            std::string::npos)
      << on_gl[0];
  EXPECT_TRUE(
      warnings_of("size 1920 1080\ncaption none: the shader writes the texture, 0 MB/frame\n",
                  Machine::Gl)
          .empty());
  EXPECT_TRUE(
      warnings_of("size 1920 1080\ntransfer upload\ncaption upload: 16.6 MB/frame\n", Machine::Gl)
          .empty())
      << "from the gl backend's buffers, down and up again";
  EXPECT_TRUE(
      warnings_of("transfer host\nif gl\ncaption none: 0 MB\nend\n", Machine::Cuda).empty());
}

TEST(CaptionTruth, TheShippedDemosSayWhatEachMachineShows) {
  for (const DemoScript& demo : list_demos(data_directory() / "assets" / "demos"))
    for (const Machine machine : {Machine::Cpu, Machine::Gl, Machine::Cuda}) {
      Expected<std::vector<ScriptLine>> lines = load_script(demo.path, ScriptFile::Found);
      ASSERT_TRUE(lines) << lines.message();
      const std::vector<std::string> warnings = caption_warnings(
          lines_for_machine(std::move(lines).value(), machine), demo.path, machine, machine);
      EXPECT_TRUE(warnings.empty()) << demo.name << " on " << describe(machine) << ": "
                                    << (warnings.empty() ? "" : warnings[0]);
    }
}

}  // namespace
}  // namespace gs::app
