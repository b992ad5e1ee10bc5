// The .deb as a lecture-hall PC gets it: CPack builds the package from this build, dpkg-deb
// unpacks it into a scratch root, and the programs run from there with GS_DATA_DIR unset, so they
// must find their shaders and presets in the installed share/ folder. The package's dependencies
// are Debian's own packages, and the desktop entry and its icon are where desktops look.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "app_run_support.h"
#include "gs/presets.h"
#include "test_pictures.h"

namespace gs::test {
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\n") - first + 1);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(trimmed(line));
  return lines;
}

// An apt index line without its priority: "http://deb.debian.org/debian bookworm/main amd64
// Packages" out of "500 http://... Packages".
std::string index_of(const std::string& policy_line) {
  const auto space = policy_line.find(' ');
  if (space == std::string::npos || policy_line.find(" Packages") == std::string::npos) return "";
  return policy_line.substr(space + 1);
}

// The indexes apt reads whose Release file says the origin is Debian (o=Debian).
std::set<std::string> debian_indexes() {
  std::set<std::string> indexes;
  std::string last_index;
  for (const std::string& line : lines_of(run_program("/usr/bin/apt-cache", {"policy"}).out)) {
    if (!index_of(line).empty()) last_index = index_of(line);
    if (line.rfind("release ", 0) == 0 && line.find("o=Debian,") != std::string::npos)
      indexes.insert(last_index);
  }
  return indexes;
}

// Each package a Depends field names, alternatives included, without versions.
std::vector<std::string> package_names(const std::string& depends) {
  std::vector<std::string> names;
  std::string entry;
  std::istringstream in(depends);
  while (std::getline(in, entry, ',')) {
    std::istringstream alternatives(entry);
    for (std::string name; std::getline(alternatives, name, '|');) {
      name = trimmed(name);
      names.push_back(name.substr(0, name.find_first_of(" (")));
    }
  }
  return names;
}

// The package, built and unpacked once for all the tests below.
class InstalledPackage : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>();
    const ProgramResult cpack = run_program(
        GS_CPACK, {"--config", GS_CPACK_CONFIG, "-B", (*scratch_ / "package").string()});
    ASSERT_EQ(cpack.exit_code, 0) << cpack.out << cpack.err;
    for (const auto& entry : std::filesystem::directory_iterator(*scratch_ / "package"))
      if (entry.path().extension() == ".deb") deb_ = entry.path();
    ASSERT_FALSE(deb_.empty()) << "cpack made no .deb: " << cpack.out;
    const ProgramResult unpack = run_program(GS_DPKG_DEB, {"-x", deb_.string(), root().string()});
    ASSERT_EQ(unpack.exit_code, 0) << unpack.err;
  }
  static void TearDownTestSuite() { scratch_.reset(); }
  void SetUp() override {
    if (deb_.empty()) GTEST_SKIP() << "no package (the suite's set-up failed above)";
  }

  static std::filesystem::path root() { return *scratch_ / "root"; }
  static std::filesystem::path installed(const std::string& path) { return root() / "usr" / path; }
  // The installed program with GS_DATA_DIR unset: it finds its data from where it lies.
  static ProgramResult run_installed(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"-u", "GS_DATA_DIR"};
    all.insert(all.end(), args.begin(), args.end());
    return run_program("/usr/bin/env", all);
  }

  static std::unique_ptr<ScratchDir> scratch_;
  static std::filesystem::path deb_;
};
std::unique_ptr<ScratchDir> InstalledPackage::scratch_;
std::filesystem::path InstalledPackage::deb_;

TEST_F(InstalledPackage, DependsOnlyOnDebianPackagesAndNoCudaRuntime) {
  const ProgramResult field = run_program(GS_DPKG_DEB, {"--field", deb_.string(), "Depends"});
  ASSERT_EQ(field.exit_code, 0) << field.err;
  const std::vector<std::string> names = package_names(field.out);
  ASSERT_FALSE(names.empty());
  for (const char* expected : {"libc6", "libglfw3", "libgl1", "fonts-dejavu-core"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << field.out;
  for (const std::string& name : names) {
    EXPECT_EQ(name.find("cuda"), std::string::npos) << "a CUDA dependency: " << name;
    EXPECT_EQ(name.find("nvidia"), std::string::npos) << "an NVIDIA dependency: " << name;
  }

  const std::set<std::string> debian = debian_indexes();
  if (debian.empty()) GTEST_SKIP() << "apt has no Debian package lists here (apt-get update)";
  std::vector<std::string> policy_args = {"policy"};
  policy_args.insert(policy_args.end(), names.begin(), names.end());
  std::set<std::string> from_debian;
  std::string package;  // apt-cache policy answers "NAME:" and then NAME's version table
  std::istringstream policy(run_program("/usr/bin/apt-cache", policy_args).out);
  for (std::string line; std::getline(policy, line);) {
    if (!line.empty() && line.back() == ':' && line[0] != ' ')
      package = line.substr(0, line.size() - 1);
    if (debian.count(index_of(trimmed(line)))) from_debian.insert(package);
  }
  for (const std::string& name : names)
    EXPECT_TRUE(from_debian.count(name)) << name << " is in no Debian index apt knows";
}

TEST_F(InstalledPackage, BatchAnswersVersionAndFindsItsPresets) {
  const ProgramResult version =
      run_installed({installed("bin/grayscott-batch").string(), "--version"});
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_EQ(version.out, "grayscott-batch " GS_VERSION "\n");

  const ProgramResult run =
      run_installed({installed("bin/grayscott-batch").string(), "--backend", "cpu", "--preset",
                     "coral", "--width", "32", "--height", "32", "--steps", "10"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
}

TEST_F(InstalledPackage, BatchReadsStatesThroughTheInstalledReader) {
  // A file on which libhdf5 itself crashes: one line from the reader's process, which the
  // installed program found in the installed libexec/ (read in its own process, it would crash).
  EXPECT_TRUE(
      std::filesystem::is_regular_file(installed("libexec/grayscott-live/grayscott-state-reader")));
  ScratchDir dir;
  const ProgramResult crafted =
      run_installed({installed("bin/grayscott-batch").string(), "--input",
                     GS_LIBHDF5_FAULTS_DIR "/segv-in-H5F__accum_read.h5", "--steps", "0",
                     "--output", (dir / "out.h5").string()});
  EXPECT_EQ(crafted.exit_code, 1) << crafted.err;
  EXPECT_NE(crafted.err.find("the HDF5 library crashed on it"), std::string::npos) << crafted.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.h5"));
}

TEST_F(InstalledPackage, BatchDecodesPicturesThroughTheInstalledPictureReader) {
  // Without the installed helper the program would refuse the picture in one line.
  EXPECT_TRUE(std::filesystem::is_regular_file(
      installed("libexec/grayscott-live/grayscott-picture-reader")));
  ScratchDir dir;
  write_test_picture(dir / "seed.png");
  const ProgramResult seeded = run_installed(
      {installed("bin/grayscott-batch").string(), "--init-image", (dir / "seed.png").string(),
       "--width", "24", "--height", "16", "--steps", "0", "--output", (dir / "out.h5").string()});
  EXPECT_EQ(seeded.exit_code, 0) << seeded.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "out.h5"));
}

TEST_F(InstalledPackage, AppAnswersVersion) {
  const ProgramResult version = run_installed({installed("bin/grayscott").string(), "--version"});
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_EQ(version.out, "grayscott " GS_VERSION "\n");
}

TEST_F(InstalledPackage, SheetAnswersVersion) {
  const ProgramResult version =
      run_installed({installed("bin/grayscott-sheet").string(), "--version"});
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_EQ(version.out, "grayscott-sheet " GS_VERSION "\n");
}

TEST_F(InstalledPackage, AppRunsUnderXvfbWithTheInstalledShadersAndPresets) {
  ScratchDir dir;
  const std::filesystem::path script = dir / "script.gs";
  std::ofstream(script) << "backend cpu\npreset coral\nsize 64 48\nrun-frames 3\n"
                        << "window-screenshot " << (dir / "window.png").string() << "\nquit\n";
  const ProgramResult result =
      run_installed(Args{"XDG_CONFIG_HOME=" + (dir / "config").string()} + xvfb_run("1280x800") +
                    Args{installed("bin/grayscott").string(), "--window-size", "640x400",
                         "--script", script.string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Image window = load_png(dir / "window.png");
  EXPECT_EQ(window.width, 640);
  EXPECT_EQ(window.height, 400);
  EXPECT_GT(window.distinct_colours(), 20u) << "the field and the panel were drawn";
}

TEST_F(InstalledPackage, AppWithoutItsShareFolderSaysWhatIsMissing) {
  // The same program alone in another root: what the test above found, it found in share/.
  ScratchDir bare;
  std::filesystem::create_directories(bare / "bin");
  std::filesystem::copy_file(installed("bin/grayscott"), bare / "bin/grayscott");
  ScratchDir dir;
  std::ofstream(dir / "script.gs") << "quit\n";
  const ProgramResult result = run_installed(
      Args{"XDG_CONFIG_HOME=" + (dir / "config").string()} + xvfb_run("1280x800") +
      Args{(bare / "bin/grayscott").string(), "--script", (dir / "script.gs").string()});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find((bare / "share/grayscott-live").string()), std::string::npos)
      << result.err;
}

TEST_F(InstalledPackage, DesktopEntryIsValidAndNamesTheInstalledProgramAndIcon) {
  const std::filesystem::path entry = installed("share/applications/grayscott.desktop");
  const std::string text = read_file(entry);
  ASSERT_FALSE(text.empty()) << entry;
  EXPECT_NE(text.find("\nExec=grayscott\n"), std::string::npos);
  EXPECT_NE(text.find("\nIcon=grayscott\n"), std::string::npos);
  EXPECT_TRUE(std::filesystem::is_regular_file(installed("bin/grayscott")));
  EXPECT_TRUE(std::filesystem::is_regular_file(
      installed("share/icons/hicolor/scalable/apps/grayscott.svg")));
  if (std::string(GS_DESKTOP_FILE_VALIDATE).empty())
    GTEST_SKIP() << "desktop-file-validate not found (Debian's desktop-file-utils)";
  const ProgramResult validate = run_program(GS_DESKTOP_FILE_VALIDATE, {entry.string()});
  EXPECT_EQ(validate.exit_code, 0) << validate.out << validate.err;
  EXPECT_EQ(validate.out + validate.err, "") << "no warnings or hints";
}

TEST_F(InstalledPackage, DemoScriptsAndDataAreInstalled) {
  const std::filesystem::path data = installed("share/grayscott-live");
  for (const char* file : {"shaders/field.vert", "shaders/field.frag", "assets/presets.json",
                           "assets/pictures/gray-scott.png"})  // the picture-seed demo's
    EXPECT_TRUE(std::filesystem::is_regular_file(data / file)) << file;
  // The preset selector's thumbnails, one per preset, made by the build.
  const Expected<PresetLibrary> presets = load_presets(data / "assets/presets.json");
  ASSERT_TRUE(presets) << presets.message();
  for (const Preset& preset : presets->presets)
    EXPECT_TRUE(std::filesystem::is_regular_file(data / "thumbnails" / (preset.name + ".png")))
        << preset.name;
  const std::filesystem::path demos = std::filesystem::path(GS_SOURCE_DIR) / "assets/demos";
  if (!std::filesystem::is_directory(demos)) return;
  for (const auto& demo : std::filesystem::directory_iterator(demos)) {
    if (demo.path().extension() != ".gs") continue;
    EXPECT_EQ(read_file(data / "assets/demos" / demo.path().filename()), read_file(demo.path()))
        << demo.path().filename();
  }
}

}  // namespace
}  // namespace gs::test
