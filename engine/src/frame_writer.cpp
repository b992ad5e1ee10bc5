#include "gs/frame_writer.h"

#include <array>
#include <chrono>

#include "hdf5_handle.h"

namespace gs {

using Clock = std::chrono::steady_clock;

struct FrameWriter::Impl {
  OutputFile output;
  hdf5::Handle file;
  hdf5::Handle dataset;
  GridSize size;
  int frame_count = 0;
  int queue_depth = 0;

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::vector<float>> queued;
  std::vector<std::vector<float>> free_buffers;
  int buffers_made = 0;
  int frames_pushed = 0;
  int frames_written = 0;
  bool stopping = false;
  std::optional<std::string> failure;
  double write_seconds = 0.0;
  std::thread thread;

  explicit Impl(const std::filesystem::path& path) : output(path) {}
};

Expected<std::unique_ptr<FrameWriter>> FrameWriter::create(const std::filesystem::path& path,
                                                           GridSize size, int frame_count,
                                                           int queue_depth) {
  hdf5::silence_errors();
  if (frame_count < 1) return Error{"a frames file needs at least one frame"};
  auto impl = std::make_unique<Impl>(path);
  impl->size = size;
  impl->frame_count = frame_count;
  impl->queue_depth = std::max(1, queue_depth);
  const std::string failed = "cannot write '" + path.string() + "'";

  impl->file = hdf5::Handle(
      H5Fcreate(impl->output.temp_path().c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT),
      H5Fclose);
  if (!impl->file.valid()) return Error{hdf5::with_last_error(failed)};
  const std::array<hsize_t, 3> dims{hsize_t(frame_count), hsize_t(size.height),
                                    hsize_t(size.width)};
  const std::array<hsize_t, 3> chunk{1, hsize_t(size.height), hsize_t(size.width)};
  hdf5::Handle space(H5Screate_simple(3, dims.data(), nullptr), H5Sclose);
  hdf5::Handle properties(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  if (H5Pset_chunk(properties.get(), 3, chunk.data()) < 0)
    return Error{failed + ": a " + to_string(size) + " frame is too large for one HDF5 chunk"};
  impl->dataset = hdf5::Handle(H5Dcreate2(impl->file.get(), "frames", H5T_IEEE_F32LE, space.get(),
                                          H5P_DEFAULT, properties.get(), H5P_DEFAULT),
                               H5Dclose);
  if (!impl->dataset.valid()) return Error{hdf5::with_last_error(failed)};

  std::unique_ptr<FrameWriter> writer(new FrameWriter(std::move(impl)));
  writer->impl_->thread = std::thread([w = writer.get()] { w->run(); });
  return writer;
}

FrameWriter::FrameWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

FrameWriter::~FrameWriter() {
  stop_thread();
}

void FrameWriter::stop_thread() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->changed.notify_all();
  if (impl_->thread.joinable()) impl_->thread.join();
}

double FrameWriter::write_seconds() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->write_seconds;
}

std::vector<float> FrameWriter::acquire_buffer() {
  std::unique_lock lock(impl_->mutex);
  if (impl_->free_buffers.empty() && impl_->buffers_made < impl_->queue_depth + 1) {
    ++impl_->buffers_made;
    lock.unlock();
    return std::vector<float>(impl_->size.cells());
  }
  const auto start = Clock::now();
  impl_->changed.wait(lock, [&] { return !impl_->free_buffers.empty() || impl_->failure; });
  wait_seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  if (impl_->free_buffers.empty())
    return std::vector<float>(impl_->size.cells());  // failed: push reports it
  std::vector<float> buffer = std::move(impl_->free_buffers.back());
  impl_->free_buffers.pop_back();
  return buffer;
}

Status FrameWriter::push(std::vector<float> frame) {
  if (frame.size() != impl_->size.cells())
    return Error{"frame size does not match the frames file"};
  std::unique_lock lock(impl_->mutex);
  if (impl_->failure) return Error{*impl_->failure};
  if (impl_->frames_pushed >= impl_->frame_count)
    return Error{"more frames pushed than the file holds"};
  const auto start = Clock::now();
  impl_->changed.wait(
      lock, [&] { return int(impl_->queued.size()) < impl_->queue_depth || impl_->failure; });
  wait_seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  if (impl_->failure) return Error{*impl_->failure};
  impl_->queued.push_back(std::move(frame));
  ++impl_->frames_pushed;
  lock.unlock();
  impl_->changed.notify_all();
  return Status::ok();
}

void FrameWriter::run() {
  hdf5::silence_errors();  // this thread's own error stack
  const std::array<hsize_t, 3> count{1, hsize_t(impl_->size.height), hsize_t(impl_->size.width)};
  hdf5::Handle memory_space(H5Screate_simple(3, count.data(), nullptr), H5Sclose);
  hdf5::Handle file_space(H5Dget_space(impl_->dataset.get()), H5Sclose);
  std::unique_lock lock(impl_->mutex);
  for (;;) {
    impl_->changed.wait(lock, [&] { return !impl_->queued.empty() || impl_->stopping; });
    if (impl_->queued.empty()) return;  // stopping with nothing left to write
    std::vector<float> frame = std::move(impl_->queued.front());
    impl_->queued.pop_front();
    const int index = impl_->frames_written;
    lock.unlock();

    const auto start = Clock::now();
    const std::array<hsize_t, 3> offset{hsize_t(index), 0, 0};
    const bool ok = H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, offset.data(), nullptr,
                                        count.data(), nullptr) >= 0 &&
                    H5Dwrite(impl_->dataset.get(), H5T_NATIVE_FLOAT, memory_space.get(),
                             file_space.get(), H5P_DEFAULT, frame.data()) >= 0;
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

    lock.lock();
    impl_->write_seconds += seconds;
    impl_->free_buffers.push_back(std::move(frame));
    if (ok) {
      ++impl_->frames_written;
    } else if (!impl_->failure) {
      impl_->failure = hdf5::with_last_error("writing frame " + std::to_string(index) + " to '" +
                                             impl_->output.final_path().string() + "' failed");
    }
    impl_->changed.notify_all();
    if (impl_->failure) return;
  }
}

Status FrameWriter::finish() {
  {
    std::unique_lock lock(impl_->mutex);
    const auto start = Clock::now();
    impl_->changed.wait(lock, [&] { return impl_->queued.empty() || impl_->failure; });
    wait_seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  }
  stop_thread();
  if (impl_->failure) return Error{*impl_->failure};
  if (impl_->frames_written != impl_->frame_count)
    return Error{"frames file '" + impl_->output.final_path().string() + "' got " +
                 std::to_string(impl_->frames_written) + " of " +
                 std::to_string(impl_->frame_count) + " frames"};
  const bool closed = impl_->dataset.close() && impl_->file.close();
  if (!closed)
    return Error{
        hdf5::with_last_error("cannot finish '" + impl_->output.final_path().string() + "'")};
  return impl_->output.commit();
}

}  // namespace gs
