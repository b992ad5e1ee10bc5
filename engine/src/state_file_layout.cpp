#include "state_file_layout.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "gs/cell_update.h"
#include "gs/enum_names.h"
#include "hdf5_writing.h"

namespace gs::layout {
namespace {

using hdf5::Handle;

// Parallel HDF5 allocates a dataset's storage when it creates it, and would fill it then: a
// whole frames file of zeros written before the first frame. Every value is written anyway.
// No times are recorded in the dataset's header, so the same run writes the same bytes (CI
// compares the files of two builds with cmp).
Handle creation_properties(Writers writers) {
  Handle properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  H5Pset_obj_track_times(properties.get(), false);
  if (writers == Writers::AllRanks) H5Pset_fill_time(properties.get(), H5D_FILL_TIME_NEVER);
  return properties;
}

}  // namespace

Status written(bool ok) {
  if (ok) return Status::ok();
  const std::string detail = hdf5::last_error();
  return Error{detail.empty() ? "HDF5 failed without saying why" : detail};
}

Expected<Handle> create_field_dataset(hid_t file, const char* name, GridSize size, Writers writers,
                                      hid_t type) {
  const std::array<hsize_t, 2> dims{hsize_t(size.height), hsize_t(size.width)};
  Handle space(H5Screate_simple(2, dims.data(), nullptr), H5Sclose);
  Handle properties = creation_properties(writers);
  Handle dataset(
      H5Dcreate2(file, name, type, space.get(), H5P_DEFAULT, properties.get(), H5P_DEFAULT),
      H5Dclose);
  if (!dataset.valid()) return written(false);
  return Expected<Handle>(std::move(dataset));
}

// In a collective file every rank makes these calls with the same values, as parallel HDF5
// requires of attributes.
Status write_state_attributes(hid_t file, const Params& params, std::int64_t step) {
  for (auto [name, value] :
       {std::pair{"F", params.F}, std::pair{"k", params.k}, std::pair{"Du", params.Du},
        std::pair{"Dv", params.Dv}, std::pair{"dt", params.dt}})
    GS_TRY(hdf5::write_float_attribute(file, name, value));
  GS_TRY(hdf5::write_string_attribute(file, "laplacian", to_string(params.laplacian)));
  GS_TRY(hdf5::write_string_attribute(file, "boundary", to_string(params.boundary)));
  // F and k above are set A's uniform rates; in map mode each cell's come from the ranges.
  GS_TRY(hdf5::write_string_attribute(file, "mode", params.map.enabled ? "map" : "uniform"));
  if (params.map.enabled)
    for (auto [name, value] :
         {std::pair{"map_F_low", params.map.F_low}, std::pair{"map_F_high", params.map.F_high},
          std::pair{"map_k_low", params.map.k_low}, std::pair{"map_k_high", params.map.k_high}})
      GS_TRY(hdf5::write_float_attribute(file, name, value));
  return hdf5::write_int_attribute(file, "step", step);
}

Status write_map_rates(hid_t file, GridSize size, const Params& params) {
  std::vector<float> F(size.cells()), k(size.cells());
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const std::size_t i = std::size_t(y) * std::size_t(size.width) + std::size_t(x);
      F[i] = map_F(params, y, size.height);
      k[i] = map_k(params, x, size.width);
    }
  for (const auto& [name, values] : {std::pair{"F", &F}, std::pair{"k", &k}}) {
    Expected<Handle> dataset = create_field_dataset(file, name, size);
    if (!dataset) return dataset.status();
    GS_TRY(written(H5Dwrite(dataset->get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                            values->data()) >= 0));
    GS_TRY(written(dataset->close()));
  }
  return Status::ok();
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
