#include "gs/atlas_file.h"

#include "hdf5_handle.h"
#include "hdf5_writing.h"

namespace gs {
namespace {

Status check_shapes(const SweepAtlas& a) {
  const std::size_t runs = a.F.size() * a.k.size();
  if (runs == 0 || a.v.size() != runs * a.size.cells() || a.coverage.size() != runs ||
      a.spots.size() != runs || a.moving.size() != runs || a.style_F.empty() != a.style_k.empty() ||
      (!a.style_F.empty() && (a.style_F.size() != a.F.size() || a.style_k.size() != a.k.size())))
    return Error{"the atlas's arrays do not match its " + std::to_string(a.F.size()) + " x " +
                 std::to_string(a.k.size()) + " runs of " + to_string(a.size)};
  return Status::ok();
}

Status write_contents(hid_t file, const SweepAtlas& a) {
  const hsize_t n = a.F.size(), m = a.k.size();
  GS_TRY(hdf5::write_dataset(file, "v", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT,
                             {n, m, hsize_t(a.size.height), hsize_t(a.size.width)}, a.v.data()));
  GS_TRY(hdf5::write_dataset(file, "F", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {n}, a.F.data()));
  GS_TRY(hdf5::write_dataset(file, "k", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {m}, a.k.data()));
  if (!a.style_F.empty()) {
    GS_TRY(hdf5::write_dataset(file, "style_F", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {n},
                               a.style_F.data()));
    GS_TRY(hdf5::write_dataset(file, "style_k", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {m},
                               a.style_k.data()));
  }
  GS_TRY(hdf5::write_dataset(file, "coverage", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {n, m},
                             a.coverage.data()));
  GS_TRY(
      hdf5::write_dataset(file, "spots", H5T_STD_I32LE, H5T_NATIVE_INT32, {n, m}, a.spots.data()));
  GS_TRY(
      hdf5::write_dataset(file, "moving", H5T_STD_U8LE, H5T_NATIVE_UINT8, {n, m}, a.moving.data()));
  for (auto [name, value] :
       {std::pair{"Du", a.params.Du}, std::pair{"Dv", a.params.Dv}, std::pair{"dt", a.params.dt}})
    GS_TRY(hdf5::write_float_attribute(file, name, value));
  GS_TRY(hdf5::write_string_attribute(file, "laplacian", to_string(a.params.laplacian)));
  GS_TRY(hdf5::write_string_attribute(file, "boundary", to_string(a.params.boundary)));
  GS_TRY(hdf5::write_string_attribute(file, "init", a.init));
  GS_TRY(hdf5::write_int_attribute(file, "step", a.step));
  return hdf5::write_uint_attribute(file, "seed", a.seed);
}

}  // namespace

Status write_atlas(const std::filesystem::path& path, const SweepAtlas& atlas) {
  Expected<OutputFile> staged = stage_atlas(path, atlas);
  if (!staged) return staged.status();
  return staged->commit();
}

Expected<OutputFile> stage_atlas(const std::filesystem::path& path, const SweepAtlas& atlas) {
  GS_TRY(check_shapes(atlas));
  return hdf5::stage_new_file(path, [&](hid_t file) { return write_contents(file, atlas); });
}

}  // namespace gs
