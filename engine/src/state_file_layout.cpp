#include "state_file_layout.h"

#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "gs/enum_names.h"

namespace gs::layout {
namespace {

using hdf5::Handle;

// Attributes are written by every rank alike in a collective file: parallel HDF5 requires the
// same calls and values on all of them.
Status write_scalar_attribute(hid_t file, const char* name, hid_t file_type, hid_t memory_type,
                              const void* value) {
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  Handle attribute(H5Acreate2(file, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose);
  if (!attribute.valid()) return written(false);
  return written(H5Awrite(attribute.get(), memory_type, value) >= 0);
}

Status write_float_attribute(hid_t file, const char* name, double value) {
  return write_scalar_attribute(file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

Status write_int_attribute(hid_t file, const char* name, std::int64_t value) {
  return write_scalar_attribute(file, name, H5T_STD_I64LE, H5T_NATIVE_INT64, &value);
}

// Variable-length UTF-8, as h5py writes str attributes.
Status write_string_attribute(hid_t file, const char* name, std::string_view value) {
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type.get(), H5T_VARIABLE);
  H5Tset_cset(type.get(), H5T_CSET_UTF8);
  const std::string text(value);
  const char* data = text.c_str();
  return write_scalar_attribute(file, name, type.get(), type.get(), &data);
}

// Parallel HDF5 allocates a dataset's storage when it creates it, and would fill it then: a
// whole frames file of zeros written before the first frame. Every value is written anyway.
Handle creation_properties(Writers writers) {
  Handle properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  if (writers == Writers::AllRanks) H5Pset_fill_time(properties.get(), H5D_FILL_TIME_NEVER);
  return properties;
}

}  // namespace

Status written(bool ok) {
  if (ok) return Status::ok();
  const std::string detail = hdf5::last_error();
  return Error{detail.empty() ? "HDF5 failed without saying why" : detail};
}

Expected<Handle> create_field_dataset(hid_t file, const char* name, GridSize size,
                                      Writers writers) {
  const std::array<hsize_t, 2> dims{hsize_t(size.height), hsize_t(size.width)};
  Handle space(H5Screate_simple(2, dims.data(), nullptr), H5Sclose);
  Handle properties = creation_properties(writers);
  Handle dataset(H5Dcreate2(file, name, H5T_IEEE_F32LE, space.get(), H5P_DEFAULT, properties.get(),
                            H5P_DEFAULT),
                 H5Dclose);
  if (!dataset.valid()) return written(false);
  return Expected<Handle>(std::move(dataset));
}

Status write_state_attributes(hid_t file, const Params& params, std::int64_t step) {
  for (auto [name, value] :
       {std::pair{"F", params.F}, std::pair{"k", params.k}, std::pair{"Du", params.Du},
        std::pair{"Dv", params.Dv}, std::pair{"dt", params.dt}})
    GS_TRY(write_float_attribute(file, name, value));
  GS_TRY(write_string_attribute(file, "laplacian", to_string(params.laplacian)));
  GS_TRY(write_string_attribute(file, "boundary", to_string(params.boundary)));
  return write_int_attribute(file, "step", step);
}

Expected<Handle> create_frames_dataset(hid_t file, GridSize size, int frame_count,
                                       const std::string& failed, Writers writers) {
  const std::array<hsize_t, 3> dims{hsize_t(frame_count), hsize_t(size.height),
                                    hsize_t(size.width)};
  const std::array<hsize_t, 3> chunk{1, hsize_t(size.height), hsize_t(size.width)};
  Handle space(H5Screate_simple(3, dims.data(), nullptr), H5Sclose);
  Handle properties = creation_properties(writers);
  if (H5Pset_chunk(properties.get(), 3, chunk.data()) < 0)
    return Error{failed + ": a " + to_string(size) + " frame is too large for one HDF5 chunk"};
  Handle dataset(H5Dcreate2(file, "frames", H5T_IEEE_F32LE, space.get(), H5P_DEFAULT,
                            properties.get(), H5P_DEFAULT),
                 H5Dclose);
  if (!dataset.valid()) return Error{hdf5::with_last_error(failed)};
  return Expected<Handle>(std::move(dataset));
}

}  // namespace gs::layout
