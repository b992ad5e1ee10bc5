#include "gs/state_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dataset_indirection.h"
#include "hdf5_attributes.h"
#include "hdf5_handle.h"
#include "hdf5_writing.h"
#include "state_file_layout.h"
#include "state_file_reader.h"
#include "style_dataset.h"

namespace gs {
namespace {

using hdf5::Handle;

// A compression filter of a dataset that this HDF5 cannot apply: " is compressed with ..." for
// a message, or "" when every filter is available.
struct MissingFilter {
  std::string text;
  bool mandatory = false;
};

MissingFilter missing_filter(hid_t dataset) {
  Handle creation(H5Dget_create_plist(dataset), H5Pclose);
  const int filters = creation.valid() ? H5Pget_nfilters(creation.get()) : 0;
  for (int f = 0; f < filters; ++f) {
    unsigned flags = 0;
    std::size_t values = 0;
    char filter_name[64] = {};
    const H5Z_filter_t filter = H5Pget_filter2(creation.get(), unsigned(f), &flags, &values,
                                               nullptr, sizeof filter_name, filter_name, nullptr);
    if (filter >= 0 && H5Zfilter_avail(filter) <= 0)
      return {" is compressed with the filter '" + std::string(filter_name) + "' (HDF5 filter " +
                  std::to_string(filter) +
                  "), which this HDF5 cannot read: store it uncompressed or with gzip",
              (flags & H5Z_FLAG_OPTIONAL) == 0};
  }
  return {};
}

struct DatasetShape {
  hsize_t height = 0;
  hsize_t width = 0;
};

Expected<DatasetShape> check_field_dataset(hid_t file, const char* name, const std::string& path) {
  const std::string label = "'" + path + "': dataset '" + name + "'";
  if (H5Lexists(file, name, H5P_DEFAULT) <= 0)
    return Error{"'" + path + "' has no dataset '" + name + "'"};
  GS_TRY(hdf5::check_plain_link(file, name, label));
  Handle dataset(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose);
  if (!dataset.valid()) return Error{hdf5::with_last_error(label + " cannot be opened")};
  GS_TRY(hdf5::check_stored_inside(dataset.get(), label));
  // A compression filter this HDF5 lacks would fail the read with talk of a plugins folder:
  // name the filter instead (a mandatory one now; an optional one, as h5py marks LZF, if the
  // read fails).
  if (const MissingFilter missing = missing_filter(dataset.get()); missing.mandatory)
    return Error{label + missing.text};
  Handle type(H5Dget_type(dataset.get()), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_FLOAT)
    return Error{label + " is not floating point (expected float32)"};
  // A crafted type names any size up to 4 GB, which HDF5 allocates and zeroes for its conversion
  // buffer before reading a value: no floating-point type is wider than 16 bytes.
  if (const std::size_t bytes = H5Tget_size(type.get()); bytes > 16)
    return Error{label + " holds " + std::to_string(bytes) +
                 "-byte values, which no floating-point type has (expected float32)"};
  Handle space(H5Dget_space(dataset.get()), H5Sclose);
  if (H5Sget_simple_extent_ndims(space.get()) != 2)
    return Error{label + " must have 2 dimensions [height, width]"};
  std::array<hsize_t, 2> dims{};
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  return DatasetShape{dims[0], dims[1]};
}

// The steps a state may have taken: enough for any run, exact in a double, and far from
// overflowing when a run's steps are added.
constexpr std::int64_t kMaxStateStep = std::int64_t(1) << 53;

// The parameter map a file's "mode" attribute names: "uniform" (none), or "map" with its four
// ranges, each required; nothing for a file from before the mode was saved.
Expected<std::optional<ParameterMap>> read_map(hid_t file, const std::string& path) {
  ParameterMap map;
  Expected<std::optional<std::string>> mode = hdf5::read_string_attribute(file, "mode");
  if (!mode) return Error{"'" + path + "': " + mode.message()};
  if (!*mode) return std::optional<ParameterMap>();
  if (**mode == "uniform") return std::optional<ParameterMap>(map);
  if (**mode != "map")
    return Error{"'" + path + "': unknown mode '" + **mode + "' (uniform or map)"};
  map.enabled = true;
  for (auto [name, target] :
       {std::pair{"map_F_low", &map.F_low}, std::pair{"map_F_high", &map.F_high},
        std::pair{"map_k_low", &map.k_low}, std::pair{"map_k_high", &map.k_high}}) {
    Expected<std::optional<double>> value = hdf5::read_number_attribute(file, name);
    if (!value) return Error{"'" + path + "': " + value.message()};
    if (!*value) return Error{"'" + path + "': mode map without its " + name + " attribute"};
    *target = float(**value);
  }
  return std::optional<ParameterMap>(map);
}

Expected<ParamOverrides> read_params(hid_t file, const std::string& path) {
  const auto in_file = [&](const Status& status) {
    return Error{"'" + path + "': " + status.message()};
  };
  ParamOverrides p;
  for (auto [name, target] : {std::pair{"F", &p.F}, std::pair{"k", &p.k}, std::pair{"Du", &p.Du},
                              std::pair{"Dv", &p.Dv}, std::pair{"dt", &p.dt}}) {
    Expected<std::optional<double>> value = hdf5::read_number_attribute(file, name);
    if (!value) return in_file(value.status());
    if (*value) *target = float(**value);
  }
  Expected<std::optional<std::string>> laplacian = hdf5::read_string_attribute(file, "laplacian");
  if (!laplacian) return in_file(laplacian.status());
  if (*laplacian) {
    p.laplacian = parse_enum<Laplacian>(**laplacian);
    if (!p.laplacian) return Error{"'" + path + "': unknown laplacian '" + **laplacian + "'"};
  }
  Expected<std::optional<std::string>> boundary = hdf5::read_string_attribute(file, "boundary");
  if (!boundary) return in_file(boundary.status());
  if (*boundary) {
    p.boundary = parse_enum<Boundary>(**boundary);
    if (!p.boundary) return Error{"'" + path + "': unknown boundary '" + **boundary + "'"};
  }
  Expected<std::optional<ParameterMap>> map = read_map(file, path);
  if (!map) return map.status();
  p.map = *map;
  return p;
}

// How many rows of u (and of v) are read at once: about 8 MB, a whole number of the datasets'
// chunks (each chunk then decompressed once), so progress is reported often but a chunk is
// never read twice.
int rows_per_block(hid_t file, GridSize size) {
  constexpr std::size_t kBlockBytes = 8u << 20;
  int block =
      int(std::max<std::size_t>(1, kBlockBytes / (std::size_t(size.width) * sizeof(float))));
  for (const char* name : {"u", "v"}) {
    Handle dataset(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose);
    Handle creation(H5Dget_create_plist(dataset.get()), H5Pclose);
    std::array<hsize_t, 2> chunk{};
    if (!creation.valid() || H5Pget_layout(creation.get()) != H5D_CHUNKED ||
        H5Pget_chunk(creation.get(), 2, chunk.data()) != 2 || chunk[0] == 0)
      continue;
    const hsize_t rows = std::min<hsize_t>(chunk[0], hsize_t(size.height));
    block = int(std::min<hsize_t>((hsize_t(block) + rows - 1) / rows * rows, hsize_t(size.height)));
  }
  return std::min(block, size.height);
}

}  // namespace

// ---- reading ----

namespace layout {

Expected<Handle> open_state_file(const std::string& name, hid_t access) {
  // Open it first ourselves: the system's reason (permission denied, a symlink loop...) is the
  // one to report, not HDF5's guess. Non-blocking, so a FIFO does not hang the open.
  const int fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK);
  if (fd < 0) return Error{"cannot read '" + name + "': " + std::strerror(errno)};
  struct stat info {};
  const bool regular = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  ::close(fd);
  if (!regular) return Error{"cannot read '" + name + "': not a regular file"};
  if (H5Fis_hdf5(name.c_str()) <= 0) return Error{"cannot read '" + name + "': not an HDF5 file"};
  Handle file(H5Fopen(name.c_str(), H5F_ACC_RDONLY, access), H5Fclose);
  if (!file.valid()) return Error{hdf5::with_last_error("cannot open '" + name + "'")};
  return Expected<Handle>(std::move(file));
}

Expected<GridSize> check_state_datasets(hid_t file, const std::string& name) {
  Expected<DatasetShape> u_shape = check_field_dataset(file, "u", name);
  if (!u_shape) return u_shape.status();
  Expected<DatasetShape> v_shape = check_field_dataset(file, "v", name);
  if (!v_shape) return v_shape.status();
  if (u_shape->height != v_shape->height || u_shape->width != v_shape->width)
    return Error{"'" + name + "': datasets u and v have different shapes"};
  const auto width = static_cast<long>(std::min<hsize_t>(u_shape->width, kMaxGridDimension + 1));
  const auto height = static_cast<long>(std::min<hsize_t>(u_shape->height, kMaxGridDimension + 1));
  if (Status size_ok = check_grid_size(width, height); !size_ok)
    return Error{"'" + name + "': " + size_ok.message()};
  return GridSize{int(width), int(height)};
}

bool read_rows(hid_t file, const char* name, int first, int count, hid_t memory_type, void* out) {
  Handle dataset(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose);
  Handle file_space(H5Dget_space(dataset.get()), H5Sclose);
  std::array<hsize_t, 2> dims{};
  H5Sget_simple_extent_dims(file_space.get(), dims.data(), nullptr);
  const std::array<hsize_t, 2> offset{hsize_t(first), 0}, rows{hsize_t(count), dims[1]};
  Handle memory_space(H5Screate_simple(2, rows.data(), nullptr), H5Sclose);
  return H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, offset.data(), nullptr, rows.data(),
                             nullptr) >= 0 &&
         H5Dread(dataset.get(), memory_type, memory_space.get(), file_space.get(), H5P_DEFAULT,
                 out) >= 0;
}

Status read_field_rows(hid_t file, const char* name, int first, int count, float* out,
                       const std::string& path) {
  if (read_rows(file, name, first, count, H5T_NATIVE_FLOAT, out)) return Status::ok();
  const std::string failed =
      hdf5::with_last_error("'" + path + "': cannot read dataset '" + name + "'");
  Handle dataset(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose);
  if (const MissingFilter missing = missing_filter(dataset.get()); !missing.text.empty())
    return Error{"'" + path + "': dataset '" + name + "'" + missing.text};
  return Error{failed};
}

Status read_state_attributes(hid_t file, const std::string& name, StateFile& state) {
  Expected<ParamOverrides> params = read_params(file, name);
  if (!params) return params.status();
  state.params = *params;
  Expected<StyleSetOverrides> style = read_style_attributes(file, name);
  if (!style) return style.status();
  state.params.style = *style;
  Expected<std::optional<std::int64_t>> step =
      hdf5::read_integer_attribute(file, "step", 0, kMaxStateStep);
  if (!step) return Error{"'" + name + "': " + step.message()};
  state.step = *step;
  return Status::ok();
}

}  // namespace layout

namespace {

// ---- writing ----

Status write_field(hid_t file, const char* name, const Fields& fields, const FieldData& data) {
  Expected<Handle> dataset = layout::create_field_dataset(file, name, fields.size);
  if (!dataset) return dataset.status();
  GS_TRY(layout::written(
      H5Dwrite(dataset->get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()) >= 0));
  return layout::written(dataset->close());
}

Status write_contents(hid_t file, const Fields& fields, const Params& params, std::int64_t step) {
  GS_TRY(write_field(file, "u", fields, fields.u));
  GS_TRY(write_field(file, "v", fields, fields.v));
  if (!fields.style.empty()) {  // a state that carries a style map keeps it, and its set B
    GS_TRY(layout::write_style_dataset(file, fields));
    GS_TRY(layout::write_style_attributes(file, params.style));
  }
  if (params.map.enabled) GS_TRY(layout::write_map_rates(file, fields.size, params));
  return layout::write_state_attributes(file, params, step);
}

}  // namespace

bool hdf5_available() {
  return true;
}

namespace {

// Reads u, then v, block by block, each block into where(field, first row), reporting before
// each block and after the last.
using BlockDestination = std::function<float*(int field, int first_row)>;
Status read_fields_in_blocks(hid_t file, const std::string& name, GridSize size,
                             const RowsProgressReport& report, const BlockDestination& where) {
  const int block = rows_per_block(file, size);
  const std::int64_t total = 2 * std::int64_t(size.height);
  const std::uint64_t row_bytes = std::uint64_t(size.width) * sizeof(float);
  const std::uint64_t total_bytes = std::uint64_t(total) * row_bytes;
  std::int64_t done = 0;
  for (int field = 0; field < 2; ++field)
    for (int first = 0; first < size.height; first += block) {
      const int count = std::min(block, size.height - first);
      if (report) report({done, total, total_bytes, std::uint64_t(count) * row_bytes});
      GS_TRY(layout::read_field_rows(file, field == 0 ? "u" : "v", first, count,
                                     where(field, first), name));
      done += count;
    }
  if (report) report({done, total, total_bytes, 0});
  return Status::ok();
}

// A state file opened, its datasets checked, its grid, and whether it has a style map.
struct CheckedFile {
  Handle handle;
  GridSize size;
  bool has_style = false;
};
Expected<CheckedFile> open_checked(const std::string& name) {
  hdf5::silence_errors();
  Expected<Handle> file = layout::open_state_file(name, H5P_DEFAULT);
  if (!file) return file.status();
  Expected<GridSize> size = layout::check_state_datasets(file->get(), name);
  if (!size) return size.status();
  Expected<bool> has_style = layout::check_style_dataset(file->get(), *size, name);
  if (!has_style) return has_style.status();
  return CheckedFile{std::move(file).value(), *size, *has_style};
}

}  // namespace

Expected<StateFile> read_state_in_process(const std::filesystem::path& path,
                                          std::size_t run_bytes_per_cell,
                                          const RowsProgressReport& report) {
  const std::string name = path.string();
  Expected<CheckedFile> file = open_checked(name);
  if (!file) return file.status();
  const GridSize size = file->size;
  GS_TRY(check_fits_in_memory(
      size, std::max(run_bytes_per_cell, 2 * sizeof(float)) + (file->has_style ? 1 : 0)));

  StateFile state;
  state.fields = Fields(size);
  GS_TRY(read_fields_in_blocks(file->handle.get(), name, size, report, [&](int field, int first) {
    return (field == 0 ? state.fields.u : state.fields.v).data() +
           std::size_t(first) * std::size_t(size.width);
  }));
  if (file->has_style) {
    state.fields.style.resize(size.cells());
    GS_TRY(layout::read_style_rows(file->handle.get(), 0, size.height, state.fields.style.data(),
                                   name));
  }
  GS_TRY(layout::read_state_attributes(file->handle.get(), name, state));
  return state;
}

Expected<StateFile> check_state_in_process(const std::filesystem::path& path,
                                           const RowsProgressReport& report) {
  const std::string name = path.string();
  Expected<CheckedFile> file = open_checked(name);
  if (!file) return file.status();
  const GridSize size = file->size;
  StateFile state;
  state.fields.size = size;
  // One block's memory, whatever the grid: a grid too large for this process is still checked.
  std::vector<float> block(std::size_t(rows_per_block(file->handle.get(), size)) *
                           std::size_t(size.width));
  GS_TRY(read_fields_in_blocks(file->handle.get(), name, size, report,
                               [&](int, int) { return block.data(); }));
  if (file->has_style) {
    const int rows = int(std::min<std::size_t>(
        std::size_t(size.height), block.size() * sizeof(float) / std::size_t(size.width)));
    std::vector<std::uint8_t> style_block(std::size_t(rows) * std::size_t(size.width));
    for (int first = 0; first < size.height; first += rows)
      GS_TRY(layout::read_style_rows(file->handle.get(), first, std::min(rows, size.height - first),
                                     style_block.data(), name));
  }
  GS_TRY(layout::read_state_attributes(file->handle.get(), name, state));
  return state;
}

Status write_state(const std::filesystem::path& path, const Fields& fields, const Params& params,
                   std::int64_t step, XdmfFile xdmf) {
  Expected<OutputFile> data = hdf5::stage_new_file(
      path, [&](hid_t file) { return write_contents(file, fields, params, step); });
  if (!data) return data.status();
  Expected<std::optional<OutputFile>> description =
      stage_xdmf(path, xdmf == XdmfFile::Write
                           ? describe_state(path, fields.size, !fields.style.empty(),
                                            double(step) * double(params.dt), params.map.enabled)
                           : std::string());
  if (!description) return description.status();
  return commit_with_description(*data, *description);
}

}  // namespace gs
