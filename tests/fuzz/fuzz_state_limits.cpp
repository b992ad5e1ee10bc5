#include "fuzz_state_limits.h"

#include <algorithm>

#include "gs/fields.h"

#ifdef GS_FUZZ_HDF5
#include <hdf5.h>

#include <array>
#endif

namespace gs::fuzz {
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

}  // namespace

bool too_large_to_read(const std::string& path) {
#ifdef GS_FUZZ_HDF5
  if (H5Fis_hdf5(path.c_str()) <= 0) return false;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) return false;
  const double cells = std::max(declared_cells(file, "u"), declared_cells(file, "v"));
  H5Fclose(file);
  const double dimension = double(kMaxGridDimension);
  const bool refused_by_size = cells > dimension * dimension;
  const bool refused_by_memory = cells * 2 * sizeof(float) > double(available_memory_bytes());
  return cells > kMaxReadCells && !refused_by_size && !refused_by_memory;
#else
  (void)path;
  return false;
#endif
}

void start_hdf5_afresh() {
#ifdef GS_FUZZ_HDF5
  // A whole restart only where something is left open: it costs more than most inputs' reading.
  if (H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL) > 0) H5close();
  H5garbage_collect();
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // the harness's own HDF5 calls print nothing
#endif
}

}  // namespace gs::fuzz
