// A script's lines are checked before the first one runs, on every machine: a colormap's name
// and F and k as rates inside either branch of an `if gpu` block, and the pictures `seed-image`
// and `style-image` name (read as they will be), unless a screenshot of the same script writes
// the picture first.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "script_session.h"
#include "test_pictures.h"

namespace gs::app {
namespace {

namespace fs = std::filesystem;

class ScriptChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("gs-script-checks-" + std::to_string(getpid()));
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  // Loads `text` as a script; "" when it loads, else the refusal (the script named without its
  // folder).
  std::string problem_of(const std::string& text) const {
    const fs::path path = folder_ / "lesson.gs";
    std::ofstream(path) << text;
    const Expected<ScriptSession> session = ScriptSession::load(path, true);
    if (session) return "";
    const std::string folder = folder_.string() + "/";
    std::string problem = session.message();
    if (problem.rfind(folder, 0) == 0) problem.erase(0, folder.size());
    return problem;
  }
  fs::path folder_;
};

TEST_F(ScriptChecks, AColormapNameIsCheckedInEveryBranch) {
  const std::string expected_start = "lesson.gs:3: unknown colormap 'nope' (one of: viridis";
  for (const char* branch : {"if gpu", "if no-gpu"}) {
    const std::string problem =
        problem_of(std::string("caption first\n") + branch + "\nset colormap nope\nend\n");
    EXPECT_EQ(problem.rfind(expected_start, 0), 0u) << problem;
  }
  EXPECT_EQ(problem_of("if gpu\nset brush-radius 0\nend\n"),
            "lesson.gs:2: brush-radius must be in (0, 4096]");
  EXPECT_EQ(problem_of("if gpu\nset colormap magma_r\nelse\nset colormap twilight\nend\n"), "");
}

TEST_F(ScriptChecks, PresetsAndGridSizesAreCheckedInEveryBranch) {
  const std::string preset = problem_of("if gpu\npreset nosuch\nend\n");
  EXPECT_EQ(preset.rfind("lesson.gs:2: unknown preset 'nosuch'", 0), 0u) << preset;
  const std::string style = problem_of("if no-gpu\nstyle-b nosuch\nend\n");
  EXPECT_EQ(style.rfind("lesson.gs:2: unknown preset 'nosuch'", 0), 0u) << style;
  // 100000 x 100000 cells: 320 GB of fields, more than any machine here has.
  const std::string size = problem_of("if gpu\nsize 100000 100000\nend\n");
  EXPECT_EQ(size.rfind("lesson.gs:2: ", 0), 0u) << size;
  EXPECT_NE(size.find("100000x100000"), std::string::npos) << size;
  EXPECT_EQ(problem_of("if gpu\npreset coral\nsize 512 512\nstyle-b mitosis\nend\n"), "");
}

TEST_F(ScriptChecks, FAndKAreRatesInEveryBranch) {
  EXPECT_EQ(problem_of("if no-gpu\nset F 0.03\nelse\nset F 10\nend\n"),
            "lesson.gs:4: F 10 is not a Gray-Scott rate: F and k lie between 0 and 1 (Pearson's "
            "patterns have F below 0.1 and k below 0.07)");
  EXPECT_EQ(
      problem_of("style-gradient x\nstyle-b 0.03 1e30\n")
          .rfind("lesson.gs:2: style-b: style B's k 1.00000002e+30 is not a Gray-Scott rate", 0),
      0u);
  EXPECT_EQ(problem_of("set F 0.03\nset k 0.06\nstyle-a 0.02 0.05\n"), "");
}

TEST_F(ScriptChecks, APictureIsReadBeforeTheFirstLineRuns) {
  const std::string missing = (folder_ / "missing.png").string();
  EXPECT_EQ(problem_of("caption first\nseed-image " + missing + "\n"),
            "lesson.gs:2: seed-image: picture '" + missing + "' does not exist");
  std::ofstream(folder_ / "notes.png") << "words, not pixels\n";
  const std::string notes = (folder_ / "notes.png").string();
  const std::string problem = problem_of("if gpu\nstyle-image " + notes + "\nend\n");
  EXPECT_EQ(problem.rfind("lesson.gs:2: picture '" + notes + "' is not a PNG", 0), 0u) << problem;
  test::write_test_picture(folder_ / "seed.png");
  EXPECT_EQ(problem_of("seed-image " + (folder_ / "seed.png").string() + "\n"), "");
}

TEST_F(ScriptChecks, APictureTheScriptCapturesFirstIsCheckedWhenItsLineRuns) {
  const std::string shot = (folder_ / "shot.png").string();
  EXPECT_EQ(problem_of("screenshot " + shot + "\nseed-image " + shot + "\n"), "");
  EXPECT_NE(problem_of("seed-image " + shot + "\nscreenshot " + shot + "\n"), "");
}

}  // namespace
}  // namespace gs::app
