// The HDF5 file functions in a build without HDF5 (GS_HDF5=OFF): each fails, saying why.
#include "gs/atlas_file.h"
#include "gs/frame_writer.h"
#include "gs/state_file.h"
#include "state_file_reader.h"

namespace gs {
namespace {

Error unavailable(const std::filesystem::path& path) {
  return Error{"cannot use '" + path.string() + "': this build has no HDF5 support (GS_HDF5=OFF)"};
}

}  // namespace

bool hdf5_available() {
  return false;
}

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t) {
  return unavailable(path);
}

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t,
                               const StateReadWatch&) {
  return unavailable(path);
}

Expected<StateFile> read_state_in_process(const std::filesystem::path& path, std::size_t,
                                          const RowsProgressReport&) {
  return unavailable(path);
}

Expected<StateFile> check_state_in_process(const std::filesystem::path& path,
                                           const RowsProgressReport&) {
  return unavailable(path);
}

Expected<StateFile> check_state(const std::filesystem::path& path) {
  return unavailable(path);
}

Status write_state(const std::filesystem::path& path, const Fields&, const Params&, std::int64_t,
                   XdmfFile) {
  return unavailable(path);
}

Status write_atlas(const std::filesystem::path& path, const SweepAtlas&) {
  return unavailable(path);
}

struct FrameWriter::Impl {};

Expected<std::unique_ptr<FrameWriter>> FrameWriter::create(const std::filesystem::path& path,
                                                           GridSize, int, int) {
  return unavailable(path);
}
FrameWriter::FrameWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FrameWriter::~FrameWriter() = default;
std::vector<float> FrameWriter::acquire_buffer() {
  return {};
}
Status FrameWriter::push(std::vector<float>) {
  return Error{"no HDF5 support"};
}
void FrameWriter::describe_with_xdmf(std::vector<double>) {}
Status FrameWriter::finish() {
  return Error{"no HDF5 support"};
}
double FrameWriter::wait_seconds() const {
  return 0.0;
}
double FrameWriter::write_seconds() const {
  return 0.0;
}

}  // namespace gs
