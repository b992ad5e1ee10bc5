#include "style_dataset.h"

#include <array>
#include <utility>

#include "dataset_indirection.h"
#include "hdf5_attributes.h"
#include "hdf5_handle.h"
#include "hdf5_writing.h"

namespace gs::layout {
namespace {

using hdf5::Handle;
constexpr const char* kStyle = "style";

}  // namespace

Expected<Handle> create_style_dataset(hid_t file, GridSize grid, Writers writers) {
  return create_field_dataset(file, kStyle, grid, writers, H5T_STD_U8LE);
}

Status write_style_dataset(hid_t file, const Fields& fields) {
  Expected<Handle> dataset = create_style_dataset(file, fields.size);
  if (!dataset) return dataset.status();
  GS_TRY(written(H5Dwrite(dataset->get(), H5T_NATIVE_UINT8, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                          fields.style.data()) >= 0));
  return written(dataset->close());
}

Status write_style_attributes(hid_t file, const StyleMix& style) {
  for (auto [name, value] : {std::pair{"style_F", style.F}, std::pair{"style_k", style.k},
                             std::pair{"style_Du", style.Du}, std::pair{"style_Dv", style.Dv}})
    GS_TRY(hdf5::write_float_attribute(file, name, value));
  return Status::ok();
}

Expected<bool> check_style_dataset(hid_t file, GridSize grid, const std::string& path) {
  if (H5Lexists(file, kStyle, H5P_DEFAULT) <= 0) return false;
  const std::string label = "'" + path + "': dataset 'style'";
  GS_TRY(hdf5::check_plain_link(file, kStyle, label));
  Handle dataset(H5Dopen2(file, kStyle, H5P_DEFAULT), H5Dclose);
  if (!dataset.valid()) return Error{hdf5::with_last_error(label + " cannot be opened")};
  GS_TRY(hdf5::check_stored_inside(dataset.get(), label));
  Handle type(H5Dget_type(dataset.get()), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_INTEGER || H5Tget_size(type.get()) > 8)
    return Error{label + " is not of integers (expected uint8, 0 for set A to 255 for set B)"};
  Handle space(H5Dget_space(dataset.get()), H5Sclose);
  std::array<hsize_t, 2> dims{};
  if (H5Sget_simple_extent_ndims(space.get()) != 2 ||
      H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr) != 2 ||
      dims[0] != hsize_t(grid.height) || dims[1] != hsize_t(grid.width))
    return Error{label + " must have the shape of u and v, [" + std::to_string(grid.height) + ", " +
                 std::to_string(grid.width) + "]"};
  return true;
}

Status read_style_rows(hid_t file, int first, int count, std::uint8_t* out,
                       const std::string& path) {
  if (read_rows(file, kStyle, first, count, H5T_NATIVE_UINT8, out)) return Status::ok();
  return Error{hdf5::with_last_error("'" + path + "': cannot read dataset 'style'")};
}

Expected<StyleSetOverrides> read_style_attributes(hid_t file, const std::string& path) {
  StyleSetOverrides style;
  for (auto [name, target] : {std::pair{"style_F", &style.F}, std::pair{"style_k", &style.k},
                              std::pair{"style_Du", &style.Du}, std::pair{"style_Dv", &style.Dv}}) {
    Expected<std::optional<double>> value = hdf5::read_number_attribute(file, name);
    if (!value) return Error{"'" + path + "': " + value.message()};
    if (*value) *target = float(**value);
  }
  return style;
}

}  // namespace gs::layout
