// A state file's style map: the dataset `style` and set B's attributes written with the state
// and read back (through the child reader and in-process alike), files without one as before,
// and a style dataset that is not the grid's bytes refused with one line.
#include <gtest/gtest.h>
#include <hdf5.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <string>

#include "gs/state_file.h"
#include "reference_model.h"
#include "state_file_reader.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

class StyleStateFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gs-style-file-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

Params styled_params() {
  Params p;
  p.style = {true, 0.061f, 0.0625f, 0.09f, 0.045f};
  return p;
}

TEST_F(StyleStateFile, TheStyleMapAndSetBComeBackWithTheState) {
  Fields fields = random_fields({37, 21}, 51);
  fields.style = random_style(fields.size, 52);
  ASSERT_TRUE(write_state(dir_ / "s.h5", fields, styled_params(), 9));
  for (const bool isolated : {true, false}) {
    Expected<StateFile> read =
        isolated ? read_state(dir_ / "s.h5") : read_state_in_process(dir_ / "s.h5", 8);
    ASSERT_TRUE(read) << read.message();
    EXPECT_EQ(read->fields.style, fields.style);
    EXPECT_EQ(read->fields.u, fields.u);
    EXPECT_EQ(read->params.style.F, 0.061f);
    EXPECT_EQ(read->params.style.k, 0.0625f);
    EXPECT_EQ(read->params.style.Du, 0.09f);
    EXPECT_EQ(read->params.style.Dv, 0.045f);
  }
  Expected<StateFile> checked = check_state(dir_ / "s.h5");
  ASSERT_TRUE(checked) << checked.message();
  EXPECT_TRUE(checked->fields.style.empty()) << "a check keeps nothing";
}

TEST_F(StyleStateFile, AStateWithoutAStyleMapHasNoneAndNoSetB) {
  ASSERT_TRUE(write_state(dir_ / "plain.h5", random_fields({8, 8}, 53), styled_params(), 0));
  Expected<StateFile> read = read_state(dir_ / "plain.h5");
  ASSERT_TRUE(read) << read.message();
  EXPECT_TRUE(read->fields.style.empty());
  EXPECT_FALSE(read->params.style.F.has_value());
  hid_t file = H5Fopen((dir_ / "plain.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  EXPECT_EQ(H5Lexists(file, "style", H5P_DEFAULT), 0);
  EXPECT_EQ(H5Aexists(file, "style_F"), 0);
  H5Fclose(file);
}

// Adds a dataset `style` of this type and shape to the state file at `path`.
void add_style(const fs::path& path, hid_t type, std::array<hsize_t, 2> shape, const void* data) {
  hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  hid_t space = H5Screate_simple(2, shape.data(), nullptr);
  hid_t dataset = H5Dcreate2(file, "style", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  ASSERT_GE(dataset, 0);
  ASSERT_GE(H5Dwrite(dataset, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), 0);
  H5Dclose(dataset);
  H5Sclose(space);
  H5Fclose(file);
}

TEST_F(StyleStateFile, OtherIntegersAreTakenAndOtherShapesOrTypesRefused) {
  const std::array<int, 4> values{0, 100, 255, 1000};
  ASSERT_TRUE(write_state(dir_ / "wide.h5", random_fields({2, 2}, 54), Params{}, 0));
  add_style(dir_ / "wide.h5", H5T_STD_I32LE, {2, 2}, values.data());
  Expected<StateFile> wide = read_state(dir_ / "wide.h5");
  ASSERT_TRUE(wide) << wide.message();
  EXPECT_EQ(wide->fields.style, (StyleData{0, 100, 255, 255}));  // past 255 is 255

  ASSERT_TRUE(write_state(dir_ / "shape.h5", random_fields({2, 2}, 55), Params{}, 0));
  add_style(dir_ / "shape.h5", H5T_STD_U8LE, {1, 4}, values.data());
  EXPECT_EQ(read_state(dir_ / "shape.h5").message(),
            "'" + (dir_ / "shape.h5").string() +
                "': dataset 'style' must have the shape of u and v, [2, 2]");

  ASSERT_TRUE(write_state(dir_ / "float.h5", random_fields({2, 2}, 56), Params{}, 0));
  add_style(dir_ / "float.h5", H5T_IEEE_F32LE, {2, 2}, values.data());
  EXPECT_NE(read_state(dir_ / "float.h5").message().find("dataset 'style' is not of integers"),
            std::string::npos);
}

}  // namespace
}  // namespace gs::test
