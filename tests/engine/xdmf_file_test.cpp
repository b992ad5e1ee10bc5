// The XDMF descriptions beside the HDF5 files (gs/xdmf_file.h): their names, what they say of each
// kind of file, and that a description and its data file appear together or not at all. What
// ParaView's readers see in them is tests/xdmf's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "gs/frame_writer.h"
#include "gs/state_file.h"
#include "gs/xdmf_file.h"
#include "reference_model.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

class XdmfFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gs-xdmf-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::vector<std::string> names() const {
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(dir_))
      found.push_back(entry.path().filename().string());
    std::sort(found.begin(), found.end());
    return found;
  }
  static std::string text_of(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  fs::path dir_;
};

TEST(XdmfPath, TheExtensionIsReplacedAndADescriptionNeverReplacesItsData) {
  EXPECT_EQ(xdmf_path_for("o.h5"), fs::path("o.xmf"));
  EXPECT_EQ(xdmf_path_for("runs/a.b.hdf5"), fs::path("runs/a.b.xmf"));
  EXPECT_EQ(xdmf_path_for("plain"), fs::path("plain.xmf"));
  EXPECT_EQ(xdmf_path_for("odd.xmf"), fs::path("odd.xmf.xmf"));
}

TEST(XdmfTimes, EachFrameAtItsStepTimesDt) {
  EXPECT_EQ(frame_times(200, 30, 3, 0.5), (std::vector<double>{115.0, 130.0, 145.0}));
}

TEST(XdmfText, TheAtlasNamesItsGridsByExactFAndKAndTheFileNameIsEscaped) {
  const std::string xml = describe_atlas("dir/a&b.h5", {8, 4}, {0.03, 0.1 + 0.2}, {0.06});
  EXPECT_NE(xml.find("Name=\"F=0.03 k=0.06\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("Name=\"F=0.30000000000000004 k=0.06\""), std::string::npos) << xml;
  EXPECT_NE(xml.find(">a&amp;b.h5:/v<"), std::string::npos) << xml;
  EXPECT_EQ(xml.find("dir/"), std::string::npos) << "the data file by its name alone";
}

TEST_F(XdmfFile, AStateGetsItsDescriptionOnlyWhenAsked) {
  Fields fields = random_fields({12, 5}, 3);
  Params params;
  params.dt = 0.25f;
  ASSERT_TRUE(write_state(dir_ / "plain.h5", fields, params, 8));
  fields.style = random_style(fields.size, 4);
  params.style.enabled = true;
  ASSERT_TRUE(write_state(dir_ / "styled.h5", fields, params, 8, gs::XdmfFile::Write));
  EXPECT_EQ(names(), (std::vector<std::string>{"plain.h5", "styled.h5", "styled.xmf"}));
  const std::string xml = text_of(dir_ / "styled.xmf");
  for (const char* wanted : {"Dimensions=\"1 5 12\"", ">styled.h5:/u<", ">styled.h5:/v<",
                             ">styled.h5:/style<", "<Time Value=\"2\"/>"})
    EXPECT_NE(xml.find(wanted), std::string::npos) << wanted << " in\n" << xml;
}

TEST_F(XdmfFile, ADescriptionThatCannotBeWrittenLeavesNeitherFile) {
  fs::create_directory(dir_ / "s.xmf");
  const Status written =
      write_state(dir_ / "s.h5", random_fields({6, 4}, 1), Params{}, 0, gs::XdmfFile::Write);
  ASSERT_FALSE(written);
  EXPECT_NE(written.message().find("s.xmf"), std::string::npos) << written.message();
  EXPECT_EQ(names(), std::vector<std::string>{"s.xmf"});
}

// The pair staged, then a directory appears where the description goes while the data was being
// written: the description cannot follow its data file into place.
Status commit_blocked_pair(const fs::path& dir) {
  Expected<OutputFile> data = write_file_staged(dir / "d.h5", "data", 4);
  EXPECT_TRUE(data) << data.message();
  Expected<std::optional<OutputFile>> staged = stage_xdmf(dir / "d.h5", "<Xdmf/>");
  EXPECT_TRUE(staged && staged->has_value()) << staged.status().message();
  if (!data || !staged) return Error{"not staged"};
  fs::create_directory(dir / "d.xmf");
  return commit_with_description(*data, *staged);
}

TEST_F(XdmfFile, ADescriptionThatCannotFollowLeavesTheDataFileAsItWas) {
  const Status without_previous = commit_blocked_pair(dir_);
  ASSERT_FALSE(without_previous);
  EXPECT_NE(without_previous.message().find("removed again"), std::string::npos)
      << without_previous.message();
  EXPECT_EQ(names(), std::vector<std::string>{"d.xmf"});

  fs::remove(dir_ / "d.xmf");
  std::ofstream(dir_ / "d.h5") << "previous";
  const Status over_previous = commit_blocked_pair(dir_);
  ASSERT_FALSE(over_previous);
  EXPECT_NE(over_previous.message().find("back in place"), std::string::npos)
      << over_previous.message();
  EXPECT_EQ(text_of(dir_ / "d.h5"), "previous");
  EXPECT_EQ(names(), (std::vector<std::string>{"d.h5", "d.xmf"})) << "nothing hidden left";
}

TEST_F(XdmfFile, APairReplacedTogetherLeavesNoKeptVersionBehind) {
  std::ofstream(dir_ / "p.h5") << "previous";
  ASSERT_TRUE(
      write_state(dir_ / "p.h5", random_fields({6, 4}, 1), Params{}, 0, gs::XdmfFile::Write));
  EXPECT_EQ(names(), (std::vector<std::string>{"p.h5", "p.xmf"}));
  EXPECT_NE(text_of(dir_ / "p.h5"), "previous");
}

TEST_F(XdmfFile, ALinkWhereTheDescriptionGoesIsReplacedNotFollowed) {
  fs::create_directory(dir_ / "theirs");
  std::ofstream(dir_ / "theirs" / "t.xmf") << "theirs";
  fs::create_symlink(dir_ / "theirs" / "t.xmf", dir_ / "s.xmf");
  ASSERT_TRUE(
      write_state(dir_ / "s.h5", random_fields({6, 4}, 1), Params{}, 0, gs::XdmfFile::Write));
  EXPECT_FALSE(fs::is_symlink(dir_ / "s.xmf"));
  EXPECT_NE(text_of(dir_ / "s.xmf").find(">s.h5:/u<"), std::string::npos);
  EXPECT_EQ(text_of(dir_ / "theirs" / "t.xmf"), "theirs");
}

TEST_F(XdmfFile, AFramesFileIsATimeSeriesAndAnUnfinishedOneLeavesNothing) {
  {
    auto writer = FrameWriter::create(dir_ / "f.h5", {6, 4}, 2);
    ASSERT_TRUE(writer) << writer.message();
    (*writer)->describe_with_xdmf({1.5, 3.0});
    for (int i = 0; i < 2; ++i) ASSERT_TRUE((*writer)->push(std::vector<float>(24, float(i))));
    ASSERT_TRUE((*writer)->finish());
  }
  const std::string xml = text_of(dir_ / "f.xmf");
  for (const char* wanted : {"CollectionType=\"Temporal\"", "<Time Value=\"1.5\"/>",
                             "<Time Value=\"3\"/>", ">1 0 0 1 1 1 1 4 6<", ">f.h5:/frames<"})
    EXPECT_NE(xml.find(wanted), std::string::npos) << wanted << " in\n" << xml;
  {
    auto writer = FrameWriter::create(dir_ / "g.h5", {6, 4}, 2);
    ASSERT_TRUE(writer) << writer.message();
    (*writer)->describe_with_xdmf({1.0, 2.0});
    ASSERT_TRUE((*writer)->push(std::vector<float>(24, 0.0f)));
  }  // dropped after one frame of two: a stop
  EXPECT_EQ(names(), (std::vector<std::string>{"f.h5", "f.xmf"}));
}

}  // namespace
}  // namespace gs::test
