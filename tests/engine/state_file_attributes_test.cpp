// Crafted attributes in state files: arrays, wrong types, empty values and out-of-range steps
// are errors that name the attribute, never a read past a buffer or a value silently dropped.
#include <gtest/gtest.h>
#include <hdf5.h>
#include <unistd.h>

#include <complex>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "gs/cell_update.h"
#include "gs/state_file.h"
#include "reference_model.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

// Replaces attribute `name` of a state file's root group with one of this type and shape.
void replace_attribute(const fs::path& path, const char* name, hid_t type,
                       const std::vector<hsize_t>& dims, const void* data,
                       bool null_space = false) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  if (H5Aexists(file, name) > 0) {
    ASSERT_GE(H5Adelete(file, name), 0);
  }
  const hid_t space = null_space     ? H5Screate(H5S_NULL)
                      : dims.empty() ? H5Screate(H5S_SCALAR)
                                     : H5Screate_simple(int(dims.size()), dims.data(), nullptr);
  const hid_t attribute = H5Acreate2(file, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  ASSERT_GE(attribute, 0);
  if (data != nullptr) {  // an empty or null attribute has nothing to write
    ASSERT_GE(H5Awrite(attribute, type, data), 0);
  }
  H5Aclose(attribute);
  H5Sclose(space);
  H5Fclose(file);
}

class StateFileAttributes : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() / ("gs-attributes-" + std::to_string(::getpid()) + ".h5");
    ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  }
  void TearDown() override { fs::remove(path_); }
  // Reading must fail with a message naming the file, the attribute and the problem.
  void expect_refused(const std::string& attribute, const std::string& problem) {
    Expected<StateFile> state = read_state(path_);
    ASSERT_FALSE(state) << "read a state with a crafted '" << attribute << "'";
    EXPECT_NE(state.message().find(path_.string()), std::string::npos) << state.message();
    EXPECT_NE(state.message().find("attribute '" + attribute + "'"), std::string::npos)
        << state.message();
    EXPECT_NE(state.message().find(problem), std::string::npos) << state.message();
  }
  fs::path path_;
};

TEST_F(StateFileAttributes, ArraysAreRefusedNotReadPastTheirBuffer) {
  const std::vector<double> eight{0, 1, 2, 3, 4, 5, 6, 7};
  replace_attribute(path_, "F", H5T_NATIVE_DOUBLE, {8}, eight.data());
  expect_refused("F", "holds 8 values");

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  const std::vector<std::int64_t> hundred(100, 7);
  replace_attribute(path_, "step", H5T_NATIVE_INT64, {10, 10}, hundred.data());
  expect_refused("step", "holds 100 values");

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  const hid_t strings = H5Tcopy(H5T_C_S1);
  H5Tset_size(strings, H5T_VARIABLE);
  const char* names[3] = {"course", "five-point", "nine-point"};
  replace_attribute(path_, "laplacian", strings, {3}, names);
  H5Tclose(strings);
  expect_refused("laplacian", "holds 3 values");
}

TEST_F(StateFileAttributes, EmptyAttributesAreRefused) {
  replace_attribute(path_, "F", H5T_NATIVE_DOUBLE, {0}, nullptr);
  expect_refused("F", "is empty");
  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  replace_attribute(path_, "k", H5T_NATIVE_DOUBLE, {}, nullptr, true);
  expect_refused("k", "is empty");
}

TEST_F(StateFileAttributes, WrongTypesAreRefusedWithWhatWasExpected) {
  const hid_t fixed = H5Tcopy(H5T_C_S1);
  H5Tset_size(fixed, 4);
  replace_attribute(path_, "F", fixed, {}, "0.04");
  H5Tclose(fixed);
  expect_refused("F", "must be a number, not a string");

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  const hid_t boolean = H5Tenum_create(H5T_NATIVE_INT8);  // h5py's bool
  const std::int8_t no = 0, yes = 1;
  H5Tenum_insert(boolean, "FALSE", &no);
  H5Tenum_insert(boolean, "TRUE", &yes);
  replace_attribute(path_, "Du", boolean, {}, &yes);
  H5Tclose(boolean);
  expect_refused("Du", "must be a number, not an enum or a boolean");

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  const hid_t complex = H5Tcreate(H5T_COMPOUND, sizeof(std::complex<double>));  // h5py's complex
  H5Tinsert(complex, "r", 0, H5T_NATIVE_DOUBLE);
  H5Tinsert(complex, "i", sizeof(double), H5T_NATIVE_DOUBLE);
  const std::complex<double> z{0.03, 1.0};
  replace_attribute(path_, "dt", complex, {}, &z);
  H5Tclose(complex);
  expect_refused("dt", "must be a number, not a compound value");

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  const int five = 5;
  replace_attribute(path_, "laplacian", H5T_NATIVE_INT, {}, &five);
  expect_refused("laplacian", "must be a string, not an integer");

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  const double three_and_a_half = 3.5;
  replace_attribute(path_, "step", H5T_NATIVE_DOUBLE, {}, &three_and_a_half);
  expect_refused("step", "must be an integer, not a floating-point number");
}

TEST_F(StateFileAttributes, StepsOutOfRangeAreRefused) {
  for (const std::int64_t step : {std::numeric_limits<std::int64_t>::max(), std::int64_t(-1)}) {
    ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
    replace_attribute(path_, "step", H5T_NATIVE_INT64, {}, &step);
    expect_refused("step", "must be from 0 to 9007199254740992");
  }
  const std::uint64_t huge = std::numeric_limits<std::uint64_t>::max();
  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  replace_attribute(path_, "step", H5T_NATIVE_UINT64, {}, &huge);
  expect_refused("step", "must be from 0 to");
}

TEST_F(StateFileAttributes, SingleValuesOfOtherNumericTypesStillRead) {
  const std::int32_t step = 7;
  const float F = 0.0375f;
  const std::int16_t k = 0;
  replace_attribute(path_, "step", H5T_NATIVE_INT32, {}, &step);
  replace_attribute(path_, "F", H5T_NATIVE_FLOAT, {1}, &F);  // a one-element array is one value
  replace_attribute(path_, "k", H5T_NATIVE_INT16, {}, &k);
  Expected<StateFile> state = read_state(path_);
  ASSERT_TRUE(state) << state.message();
  EXPECT_EQ(state->step, 7);
  EXPECT_EQ(state->params.F, 0.0375f);
  EXPECT_EQ(state->params.k, 0.0f);
}

// A state saved in parameter-map mode records the map and its ranges, each cell's F and k as
// datasets, and its description shows them; read back, the map is what shaped it. A uniform
// state says so, and a map without its ranges is refused.
TEST_F(StateFileAttributes, AParameterMapIsSavedWithItsRangesAndEachCellsRates) {
  Params mapped;
  mapped.map = {true, 0.01f, 0.08f, 0.04f, 0.065f};
  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), mapped, 42, XdmfFile::Write));
  Expected<StateFile> state = read_state(path_);
  ASSERT_TRUE(state) << state.message();
  ASSERT_TRUE(state->params.map);
  EXPECT_EQ(*state->params.map, mapped.map);
  const hid_t file = H5Fopen(path_.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  std::vector<float> F(48), k(48);
  for (auto [name, values] : {std::pair{"F", &F}, std::pair{"k", &k}}) {
    const hid_t dataset = H5Dopen2(file, name, H5P_DEFAULT);
    ASSERT_GE(dataset, 0) << name;
    EXPECT_GE(H5Dread(dataset, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values->data()), 0);
    H5Dclose(dataset);
  }
  H5Fclose(file);
  EXPECT_EQ(F[0], map_F(mapped, 0, 6)) << "row 0: the top";
  EXPECT_GT(F[0], F[47]) << "F grows upward";
  EXPECT_LT(k[0], k[7]) << "k grows to the right";
  std::ifstream description(fs::path(path_).replace_extension(".xmf"));
  const std::string xml((std::istreambuf_iterator<char>(description)), {});
  EXPECT_NE(xml.find("<Attribute Name=\"F\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<Attribute Name=\"k\""), std::string::npos) << xml;
  fs::remove(fs::path(path_).replace_extension(".xmf"));

  ASSERT_TRUE(write_state(path_, random_fields({8, 6}, 3), Params{}, 42));
  Expected<StateFile> uniform = read_state(path_);
  ASSERT_TRUE(uniform && uniform->params.map) << uniform.message();
  EXPECT_FALSE(uniform->params.map->enabled) << "a uniform state says so";
  const char map_word[] = "map";
  const hid_t text = H5Tcopy(H5T_C_S1);
  H5Tset_size(text, sizeof map_word - 1);
  replace_attribute(path_, "mode", text, {}, map_word);
  H5Tclose(text);
  Expected<StateFile> rangeless = read_state(path_);
  ASSERT_FALSE(rangeless);
  EXPECT_NE(rangeless.message().find("mode map without its map_F_low"), std::string::npos)
      << rangeless.message();
}

}  // namespace
}  // namespace gs::test
