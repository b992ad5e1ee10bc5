// The HDF5 state and frames files: round trips, layout, and no partial file on failure.
#include <gtest/gtest.h>
#include <hdf5.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>

#include "gs/frame_writer.h"
#include "gs/state_file.h"
#include "reference_model.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;

class TempFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gs-hdf5-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::size_t file_count() const {
    return std::size_t(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
  fs::path dir_;
};

using StateFileTest = TempFolder;
using FrameWriterTest = TempFolder;

TEST_F(StateFileTest, RoundTripKeepsFieldsBitsAndEveryAttribute) {
  const Fields fields = random_fields({37, 21}, 5);
  Params p;
  p.F = 0.0367f;
  p.k = 0.0649f;
  p.Du = 0.2097f;
  p.Dv = 0.105f;
  p.dt = 0.5f;
  p.laplacian = Laplacian::NinePoint;
  p.boundary = Boundary::Neumann;
  ASSERT_TRUE(write_state(dir_ / "s.h5", fields, p, 1234));
  EXPECT_EQ(file_count(), 1u) << "no temporary file left beside the state";

  Expected<StateFile> read = read_state(dir_ / "s.h5");
  ASSERT_TRUE(read) << read.message();
  EXPECT_EQ(read->fields.size, fields.size);
  EXPECT_EQ(read->fields.u, fields.u);
  EXPECT_EQ(read->fields.v, fields.v);
  EXPECT_EQ(read->params.F, p.F);
  EXPECT_EQ(read->params.k, p.k);
  EXPECT_EQ(read->params.Du, p.Du);
  EXPECT_EQ(read->params.Dv, p.Dv);
  EXPECT_EQ(read->params.dt, p.dt);
  EXPECT_EQ(read->params.laplacian, p.laplacian);
  EXPECT_EQ(read->params.boundary, p.boundary);
  EXPECT_EQ(read->step, 1234);
}

TEST_F(StateFileTest, DatasetsAreFloat32HeightByWidth) {
  ASSERT_TRUE(write_state(dir_ / "s.h5", random_fields({7, 3}, 1), Params{}, 0));
  const hid_t file = H5Fopen((dir_ / "s.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  for (const char* name : {"u", "v"}) {
    const hid_t dataset = H5Dopen2(file, name, H5P_DEFAULT);
    const hid_t type = H5Dget_type(dataset);
    EXPECT_TRUE(H5Tequal(type, H5T_IEEE_F32LE) > 0) << name;
    const hid_t space = H5Dget_space(dataset);
    hsize_t dims[2] = {};
    ASSERT_EQ(H5Sget_simple_extent_ndims(space), 2);
    H5Sget_simple_extent_dims(space, dims, nullptr);
    EXPECT_EQ(dims[0], 3u);
    EXPECT_EQ(dims[1], 7u);
    H5Sclose(space);
    H5Tclose(type);
    H5Dclose(dataset);
  }
  H5Fclose(file);
}

TEST_F(StateFileTest, ReadingAMissingOrForeignFileFailsWithItsName) {
  Expected<StateFile> missing = read_state(dir_ / "nope.h5");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.message().find("nope.h5"), std::string::npos);
  std::FILE* text = std::fopen((dir_ / "text.h5").c_str(), "w");
  std::fputs("not hdf5\n", text);
  std::fclose(text);
  Expected<StateFile> foreign = read_state(dir_ / "text.h5");
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.message().find("not an HDF5 file"), std::string::npos);
}

// Found by tests/fuzz (fuzz_state_file): a 2.5 KB file whose v was a "float" of 2.9 GB per value
// made HDF5 allocate and zero 2.9 GB before failing. Such a type is refused before any read.
TEST_F(StateFileTest, AFloatingPointTypeOfAbsurdWidthIsRefusedBeforeReading) {
  const hid_t file = H5Fcreate((dir_ / "wide.h5").c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  const hsize_t dims[2] = {6, 8};
  const hid_t space = H5Screate_simple(2, dims, nullptr);
  const hid_t wide = H5Tcopy(H5T_IEEE_F32LE);
  ASSERT_GE(H5Tset_size(wide, std::size_t(1) << 28), 0);  // 256 MB per value; never written
  for (const char* name : {"u", "v"}) {
    const hid_t dataset = H5Dcreate2(file, name, std::string(name) == "u" ? H5T_IEEE_F32LE : wide,
                                     space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ASSERT_GE(dataset, 0);
    H5Dclose(dataset);
  }
  H5Tclose(wide);
  H5Sclose(space);
  ASSERT_GE(H5Fclose(file), 0);
  Expected<StateFile> read = read_state(dir_ / "wide.h5");
  ASSERT_FALSE(read);
  EXPECT_NE(read.message().find("dataset 'v' holds 268435456-byte values"), std::string::npos)
      << read.message();
}

TEST_F(StateFileTest, WritingIntoAMissingFolderFailsAndLeavesNothing) {
  const Status status = write_state(dir_ / "no" / "s.h5", random_fields({4, 4}, 1), Params{}, 0);
  EXPECT_FALSE(status);
  EXPECT_EQ(file_count(), 0u);
}

std::vector<float> frame_of(GridSize size, float base) {
  std::vector<float> frame(size.cells());
  for (std::size_t i = 0; i < frame.size(); ++i) frame[i] = base + float(i) * 1e-3f;
  return frame;
}

TEST_F(FrameWriterTest, WritesEveryFrameInOrderOneChunkPerFrame) {
  const GridSize size{19, 11};
  const int n = 9;
  auto writer = FrameWriter::create(dir_ / "f.h5", size, n, 2);
  ASSERT_TRUE(writer) << writer.message();
  for (int i = 0; i < n; ++i) {
    std::vector<float> buffer = (*writer)->acquire_buffer();
    ASSERT_EQ(buffer.size(), size.cells());
    buffer = frame_of(size, float(i));
    ASSERT_TRUE((*writer)->push(std::move(buffer)));
  }
  ASSERT_TRUE((*writer)->finish());
  EXPECT_EQ(file_count(), 1u);

  const hid_t file = H5Fopen((dir_ / "f.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t dataset = H5Dopen2(file, "frames", H5P_DEFAULT);
  const hid_t space = H5Dget_space(dataset);
  hsize_t dims[3] = {};
  ASSERT_EQ(H5Sget_simple_extent_ndims(space), 3);
  H5Sget_simple_extent_dims(space, dims, nullptr);
  EXPECT_EQ(dims[0], hsize_t(n));
  EXPECT_EQ(dims[1], 11u);
  EXPECT_EQ(dims[2], 19u);
  const hid_t properties = H5Dget_create_plist(dataset);
  hsize_t chunk[3] = {};
  ASSERT_EQ(H5Pget_chunk(properties, 3, chunk), 3);
  EXPECT_EQ(chunk[0], 1u);
  EXPECT_EQ(chunk[1], 11u);
  EXPECT_EQ(chunk[2], 19u);
  std::vector<float> all(n * size.cells());
  ASSERT_GE(H5Dread(dataset, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, all.data()), 0);
  for (int i = 0; i < n; ++i)
    EXPECT_TRUE(std::equal(all.begin() + i * size.cells(), all.begin() + (i + 1) * size.cells(),
                           frame_of(size, float(i)).begin()))
        << "frame " << i;
  H5Pclose(properties);
  H5Sclose(space);
  H5Dclose(dataset);
  H5Fclose(file);
}

TEST_F(FrameWriterTest, AnUnfinishedFileIsRemoved) {
  {
    auto writer = FrameWriter::create(dir_ / "f.h5", {8, 8}, 5);
    ASSERT_TRUE(writer);
    ASSERT_TRUE((*writer)->push(frame_of({8, 8}, 1)));
    EXPECT_EQ(file_count(), 1u) << "the temporary file exists while writing";
  }
  EXPECT_EQ(file_count(), 0u);
}

TEST_F(FrameWriterTest, FinishingWithMissingFramesFailsAndExtraFramesAreRefused) {
  auto writer = FrameWriter::create(dir_ / "f.h5", {8, 8}, 2);
  ASSERT_TRUE(writer);
  ASSERT_TRUE((*writer)->push(frame_of({8, 8}, 1)));
  EXPECT_FALSE((*writer)->push(std::vector<float>(3)));
  EXPECT_FALSE((*writer)->finish());
  writer->reset();
  EXPECT_EQ(file_count(), 0u);

  auto full = FrameWriter::create(dir_ / "g.h5", {8, 8}, 1);
  ASSERT_TRUE(full);
  ASSERT_TRUE((*full)->push(frame_of({8, 8}, 1)));
  EXPECT_FALSE((*full)->push(frame_of({8, 8}, 2)));
}

TEST_F(FrameWriterTest, AFullDiskStopsTheRunWithAMessageAndNoFile) {
  // A file-size limit stands in for a full disk: writes past it fail with EFBIG.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit old_limit{};
  getrlimit(RLIMIT_FSIZE, &old_limit);
  rlimit small = old_limit;
  small.rlim_cur = 256 * 1024;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);

  const GridSize size{256, 256};  // 256 KiB a frame
  Status failure = Status::ok();
  {
    auto writer = FrameWriter::create(dir_ / "f.h5", size, 8);
    ASSERT_TRUE(writer);
    for (int i = 0; i < 8 && failure; ++i) failure = (*writer)->push(frame_of(size, float(i)));
    if (failure) failure = (*writer)->finish();
  }
  setrlimit(RLIMIT_FSIZE, &old_limit);
  ASSERT_FALSE(failure);
  EXPECT_NE(failure.message().find("f.h5"), std::string::npos) << failure.message();
  EXPECT_EQ(file_count(), 0u);
}

}  // namespace
}  // namespace gs::test
