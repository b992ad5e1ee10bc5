#include "gs/frame_writer.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "gs/bounded_worker.h"
#include "gs/xdmf_file.h"

#include "hdf5_handle.h"
#include "state_file_layout.h"

namespace gs {

struct FrameWriter::Impl {
  OutputFile output;
  std::filesystem::path given_path;  // as named: its description goes beside it
  hdf5::Handle file;
  hdf5::Handle dataset;
  GridSize size;
  int frame_count = 0;
  int frames_pushed = 0;           // the simulation thread's count
  std::vector<double> xdmf_times;  // empty: no description
  // The writer thread's own: made there, with that thread's HDF5 error stack silenced.
  hdf5::Handle memory_space;
  hdf5::Handle file_space;
  // Last: stopped (its queue written) before the file it writes is closed.
  std::optional<BoundedWorker<std::vector<float>>> worker;

  explicit Impl(const std::filesystem::path& path) : output(path), given_path(path) {}

  Status write(const std::vector<float>& frame, std::int64_t index);
};

Status FrameWriter::Impl::write(const std::vector<float>& frame, std::int64_t index) {
  const std::array<hsize_t, 3> count{1, hsize_t(size.height), hsize_t(size.width)};
  if (!memory_space.valid()) {
    hdf5::silence_errors();
    memory_space = hdf5::Handle(H5Screate_simple(3, count.data(), nullptr), H5Sclose);
    file_space = hdf5::Handle(H5Dget_space(dataset.get()), H5Sclose);
  }
  const std::array<hsize_t, 3> offset{hsize_t(index), 0, 0};
  const bool ok = H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, offset.data(), nullptr,
                                      count.data(), nullptr) >= 0 &&
                  H5Dwrite(dataset.get(), H5T_NATIVE_FLOAT, memory_space.get(), file_space.get(),
                           H5P_DEFAULT, frame.data()) >= 0;
  if (ok) return Status::ok();
  return Error{hdf5::with_last_error("writing frame " + std::to_string(index) + " to '" +
                                     output.final_path().string() + "' failed")};
}

Expected<std::unique_ptr<FrameWriter>> FrameWriter::create(const std::filesystem::path& path,
                                                           GridSize size, int frame_count,
                                                           int queue_depth) {
  hdf5::silence_errors();
  if (frame_count < 1) return Error{"a frames file needs at least one frame"};
  auto impl = std::make_unique<Impl>(path);
  impl->size = size;
  impl->frame_count = frame_count;
  const std::string failed = "cannot write '" + path.string() + "'";

  impl->file = hdf5::Handle(
      H5Fcreate(impl->output.temp_path().c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT),
      H5Fclose);
  if (!impl->file.valid()) return Error{hdf5::with_last_error(failed)};
  Expected<hdf5::Handle> dataset =
      layout::create_frames_dataset(impl->file.get(), size, frame_count, failed);
  if (!dataset) return dataset.status();
  impl->dataset = std::move(dataset).value();

  Impl* writing = impl.get();
  impl->worker.emplace(
      std::size_t(std::max(1, queue_depth)), [size] { return std::vector<float>(size.cells()); },
      [writing](std::vector<float>& frame, std::int64_t index) {
        return writing->write(frame, index);
      });
  return std::unique_ptr<FrameWriter>(new FrameWriter(std::move(impl)));
}

FrameWriter::FrameWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

FrameWriter::~FrameWriter() = default;

double FrameWriter::wait_seconds() const {
  return impl_->worker->wait_seconds();
}

double FrameWriter::write_seconds() const {
  return impl_->worker->work_seconds();
}

std::vector<float> FrameWriter::acquire_buffer() {
  return impl_->worker->acquire();
}

Status FrameWriter::push(std::vector<float> frame) {
  if (frame.size() != impl_->size.cells())
    return Error{"frame size does not match the frames file"};
  if (impl_->frames_pushed >= impl_->frame_count)
    return Error{"more frames pushed than the file holds"};
  GS_TRY(impl_->worker->push(std::move(frame)));
  ++impl_->frames_pushed;
  return Status::ok();
}

void FrameWriter::describe_with_xdmf(std::vector<double> frame_times) {
  impl_->xdmf_times = std::move(frame_times);
}

Status FrameWriter::finish() {
  GS_TRY(impl_->worker->finish());
  const std::int64_t written = impl_->worker->done();
  if (written != impl_->frame_count)
    return Error{"frames file '" + impl_->output.final_path().string() + "' got " +
                 std::to_string(written) + " of " + std::to_string(impl_->frame_count) + " frames"};
  impl_->file_space.close();
  impl_->memory_space.close();
  const bool closed = impl_->dataset.close() && impl_->file.close();
  if (!closed)
    return Error{
        hdf5::with_last_error("cannot finish '" + impl_->output.final_path().string() + "'")};
  const std::filesystem::path& path = impl_->given_path;
  Expected<std::optional<OutputFile>> description = stage_xdmf(
      path, impl_->xdmf_times.empty() ? std::string()
                                      : describe_frames(path, impl_->size, impl_->xdmf_times));
  if (!description) return description.status();
  return commit_with_description(impl_->output, *description);
}

}  // namespace gs
