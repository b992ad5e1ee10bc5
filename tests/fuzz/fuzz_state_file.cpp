// Fuzzes the state-file reader of both programs, in this process (gs::read_state runs the same
// reader in a child process, which would hide both its faults and its coverage from libFuzzer):
// the input is written to a temporary file, read, and removed. Whatever the bytes, the reader
// must answer, not crash.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_temp_file.h"
#include "gs/fields.h"
#include "gs/state_file.h"
#include "state_file_reader.h"

#ifdef GS_FUZZ_HDF5
#include <hdf5.h>

#include <array>
#endif

namespace {

// Grids up to this many cells are read; larger ones only where the reader must refuse them.
constexpr double kMaxReadCells = double(1 << 22);

#ifdef GS_FUZZ_HDF5
// Cells of the dataset `name` as declared, or 0 when it cannot be told.
double declared_cells(hid_t file, const char* name) {
  if (H5Lexists(file, name, H5P_DEFAULT) <= 0) return 0;
  const hid_t dataset = H5Dopen2(file, name, H5P_DEFAULT);
  if (dataset < 0) return 0;
  double cells = 0;
  const hid_t space = H5Dget_space(dataset);
  if (space >= 0 && H5Sget_simple_extent_ndims(space) == 2) {
    std::array<hsize_t, 2> dims{};
    if (H5Sget_simple_extent_dims(space, dims.data(), nullptr) == 2)
      cells = double(dims[0]) * double(dims[1]);
  }
  if (space >= 0) H5Sclose(space);
  H5Dclose(dataset);
  return cells;
}
#endif

// A file declaring a grid that fits in memory but is too large to read at fuzzing speed (a
// mutated shape can declare gigabytes the machine has: a real allocation, not a bug) is skipped.
// Grids past the memory available still go to the reader, whose memory check must refuse them.
bool too_large_to_read(const std::string& path) {
#ifdef GS_FUZZ_HDF5
  if (H5Fis_hdf5(path.c_str()) <= 0) return false;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) return false;
  const double cells = std::max(declared_cells(file, "u"), declared_cells(file, "v"));
  H5Fclose(file);
  const double dimension = double(gs::kMaxGridDimension);
  const bool refused_by_size = cells > dimension * dimension;
  const bool refused_by_memory = cells * 2 * sizeof(float) > double(gs::available_memory_bytes());
  return cells > kMaxReadCells && !refused_by_size && !refused_by_memory;
#else
  (void)path;
  return false;
#endif
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
#ifdef GS_FUZZ_HDF5
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // the harness's own HDF5 calls print nothing
#endif
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const gs::fuzz::TempInputFile input(data, size, ".h5");
  if (too_large_to_read(input.path())) return 0;  // (clang 14's libFuzzer has no -1 to reject)
  const gs::Expected<gs::StateFile> state =
      gs::read_state_in_process(input.path(), 2 * sizeof(float));
  if (state) {
    // What the reader accepts, the programs may use as it is.
    const gs::Fields& fields = state->fields;
    if (fields.size.width < 1 || fields.size.height < 1 ||
        fields.size.width > gs::kMaxGridDimension || fields.size.height > gs::kMaxGridDimension ||
        fields.u.size() != fields.size.cells() || fields.v.size() != fields.size.cells() ||
        (state->step && (*state->step < 0 || *state->step > (std::int64_t(1) << 53))))
      std::abort();
  } else if (state.message().empty()) {
    std::abort();  // every refusal says why
  }
#ifdef GS_FUZZ_HDF5
  // HDF5 keeps freed blocks on its free lists: hand them back, so that an input's allocations
  // and frees balance and libFuzzer looks for leaks only where they may be.
  H5garbage_collect();
#endif
  return 0;
}
