#include "gs/collective_files.h"

#include <mpi.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "hdf5_handle.h"
#include "state_file_layout.h"
#include "style_dataset.h"

namespace gs {

using hdf5::Handle;

struct CollectiveFile::Impl {
  std::string name;  // the final name, for messages
  Handle file;
  Handle frames;
  Handle collective;  // the transfer properties: collective MPI-IO
  GridSize grid;

  // Rows `rows` of a [.., height, width] dataset (rank 2, or 3 with `frame` leading) from `data`,
  // floats (or a style map's bytes: `type`).
  Status write_rows(hid_t dataset, RowRange rows, const void* data, int rank, std::int64_t frame,
                    hid_t type = H5T_NATIVE_FLOAT) const;
};

namespace {

Error failed(const std::string& name, const Status& status) {
  return Error{"cannot write '" + name + "': " + status.message()};
}

}  // namespace

Status CollectiveFile::Impl::write_rows(hid_t dataset, RowRange rows, const void* data, int rank,
                                        std::int64_t frame, hid_t type) const {
  const int lead = rank - 2;  // the frame index, in a frames file
  std::array<hsize_t, 3> offset{hsize_t(frame), hsize_t(rows.first), 0};
  std::array<hsize_t, 3> count{1, hsize_t(rows.count), hsize_t(grid.width)};
  Handle file_space(H5Dget_space(dataset), H5Sclose);
  Handle memory_space(H5Screate_simple(rank, count.data() + 1 - lead, nullptr), H5Sclose);
  // A rank with no rows still takes part in the collective write, selecting nothing.
  const bool selected =
      rows.count > 0
          ? H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, offset.data() + 1 - lead, nullptr,
                                count.data() + 1 - lead, nullptr) >= 0
          : H5Sselect_none(file_space.get()) >= 0 && H5Sselect_none(memory_space.get()) >= 0;
  return layout::written(selected && H5Dwrite(dataset, type, memory_space.get(), file_space.get(),
                                              collective.get(), data) >= 0);
}

Expected<std::unique_ptr<CollectiveFile>> CollectiveFile::create(
    const std::filesystem::path& temp_path, const std::filesystem::path& final_path) {
  hdf5::silence_errors();
  auto impl = std::make_unique<Impl>();
  impl->name = final_path.string();
  Handle access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  if (H5Pset_fapl_mpio(access.get(), MPI_COMM_WORLD, MPI_INFO_NULL) < 0)
    return failed(impl->name, layout::written(false));
  impl->file =
      Handle(H5Fcreate(temp_path.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, access.get()), H5Fclose);
  if (!impl->file.valid()) return failed(impl->name, layout::written(false));
  impl->collective = Handle(H5Pcreate(H5P_DATASET_XFER), H5Pclose);
  if (H5Pset_dxpl_mpio(impl->collective.get(), H5FD_MPIO_COLLECTIVE) < 0)
    return failed(impl->name, layout::written(false));
  return std::unique_ptr<CollectiveFile>(new CollectiveFile(std::move(impl)));
}

CollectiveFile::CollectiveFile(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

CollectiveFile::~CollectiveFile() = default;

bool CollectiveFile::uses_mpi_io() const {
  Handle access(H5Fget_access_plist(impl_->file.get()), H5Pclose);
  return access.valid() && H5Pget_driver(access.get()) == H5FD_MPIO;
}

Status CollectiveFile::write_state(GridSize grid, RowRange rows, const Fields& own,
                                   const Params& params, std::int64_t step) {
  impl_->grid = grid;
  for (auto [name, data] : {std::pair{"u", &own.u}, std::pair{"v", &own.v}}) {
    Expected<Handle> dataset =
        layout::create_field_dataset(impl_->file.get(), name, grid, layout::Writers::AllRanks);
    if (!dataset) return failed(impl_->name, dataset.status());
    if (Status status = impl_->write_rows(dataset->get(), rows, data->data(), 2, 0); !status)
      return failed(impl_->name, status);
    if (Status status = layout::written(dataset->close()); !status)
      return failed(impl_->name, status);
  }
  // A style map: every rank has one or none, as the job does, and writes its rows of it.
  if (!own.style.empty()) {
    Expected<Handle> style =
        layout::create_style_dataset(impl_->file.get(), grid, layout::Writers::AllRanks);
    if (!style) return failed(impl_->name, style.status());
    if (Status status =
            impl_->write_rows(style->get(), rows, own.style.data(), 2, 0, H5T_NATIVE_UINT8);
        !status)
      return failed(impl_->name, status);
    if (Status status = layout::written(style->close()); !status)
      return failed(impl_->name, status);
    if (Status status = layout::write_style_attributes(impl_->file.get(), params.style); !status)
      return failed(impl_->name, status);
  }
  if (Status status = layout::write_state_attributes(impl_->file.get(), params, step); !status)
    return failed(impl_->name, status);
  return Status::ok();
}

Status CollectiveFile::create_frames(GridSize grid, int frame_count) {
  impl_->grid = grid;
  Expected<Handle> dataset = layout::create_frames_dataset(impl_->file.get(), grid, frame_count,
                                                           "cannot write '" + impl_->name + "'",
                                                           layout::Writers::AllRanks);
  if (!dataset) return dataset.status();
  impl_->frames = std::move(dataset).value();
  return Status::ok();
}

Status CollectiveFile::write_frame(std::int64_t index, RowRange rows, const FieldData& own_v) {
  if (Status status = impl_->write_rows(impl_->frames.get(), rows, own_v.data(), 3, index); !status)
    return Error{"writing frame " + std::to_string(index) + " to '" + impl_->name +
                 "' failed: " + status.message()};
  return Status::ok();
}

Status CollectiveFile::close() {
  const bool closed = impl_->frames.close() && impl_->collective.close() && impl_->file.close();
  if (!closed) return failed(impl_->name, layout::written(false));
  return Status::ok();
}

// ---- reading ----

struct CollectiveStateReader::Impl {
  std::string name;
  Handle file;
  GridSize grid;
  bool has_style = false;
  StateFile attributes;
};

Status CollectiveStateReader::check_readable(const std::filesystem::path& path) {
  hdf5::silence_errors();
  // The same checks, opened by this process alone and closed again.
  Expected<Handle> file = layout::open_state_file(path.string(), H5P_DEFAULT);
  return file.status();
}

Status CollectiveStateReader::check_isolated(const std::filesystem::path& path) {
  return check_state(path).status();
}

Expected<std::unique_ptr<CollectiveStateReader>> CollectiveStateReader::open(
    const std::filesystem::path& path) {
  hdf5::silence_errors();
  auto impl = std::make_unique<Impl>();
  impl->name = path.string();
  Handle access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  if (H5Pset_fapl_mpio(access.get(), MPI_COMM_WORLD, MPI_INFO_NULL) < 0)
    return Error{hdf5::with_last_error("cannot open '" + impl->name + "'")};
  Expected<Handle> file = layout::open_state_file(impl->name, access.get());
  if (!file) return file.status();
  impl->file = std::move(file).value();
  Expected<GridSize> grid = layout::check_state_datasets(impl->file.get(), impl->name);
  if (!grid) return grid.status();
  impl->grid = *grid;
  Expected<bool> has_style = layout::check_style_dataset(impl->file.get(), *grid, impl->name);
  if (!has_style) return has_style.status();
  impl->has_style = *has_style;
  GS_TRY(layout::read_state_attributes(impl->file.get(), impl->name, impl->attributes));
  return std::unique_ptr<CollectiveStateReader>(new CollectiveStateReader(std::move(impl)));
}

CollectiveStateReader::CollectiveStateReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

CollectiveStateReader::~CollectiveStateReader() = default;

GridSize CollectiveStateReader::grid() const {
  return impl_->grid;
}

const StateFile& CollectiveStateReader::attributes() const {
  return impl_->attributes;
}

Expected<Fields> CollectiveStateReader::read_rows(int first, int count) {
  const int height = impl_->grid.height;
  const long width = impl_->grid.width;
  Fields rows({impl_->grid.width, count});
  if (impl_->has_style) rows.style.resize(rows.size.cells());
  // In runs of rows that do not wrap: at most three (a halo above, the band, a halo below).
  for (int done = 0; done < count;) {
    const int row = ((first + done) % height + height) % height;
    const int run = std::min(count - done, height - row);
    for (auto [name, field] : {std::pair{"u", &rows.u}, std::pair{"v", &rows.v}})
      GS_TRY(layout::read_field_rows(impl_->file.get(), name, row, run,
                                     field->data() + done * width, impl_->name));
    if (impl_->has_style)
      GS_TRY(layout::read_style_rows(impl_->file.get(), row, run, rows.style.data() + done * width,
                                     impl_->name));
    done += run;
  }
  return rows;
}

}  // namespace gs
