#include "rank_files.h"

#include <string>

#include "disk_space.h"
#include "gs/xdmf_file.h"

namespace gs::batch {
namespace {

// Room for HDF5's own structures beside the datasets' bytes (a few kB for a state file, tens of
// bytes a frame for a frames file's chunk index), with a margin.
std::uintmax_t file_bytes(std::uintmax_t data_bytes) {
  return data_bytes + data_bytes / 1024 + (64u << 10);
}

}  // namespace

Expected<std::unique_ptr<RankFile>> RankFile::create(const std::filesystem::path& path,
                                                     std::uintmax_t data_bytes,
                                                     distributed::MpiWorld& world) {
  std::unique_ptr<RankFile> rank_file(new RankFile(world));
  rank_file->shown_name_ = path.string();
  std::string temp_name;
  Status checked = Status::ok();
  if (world.rank() == 0) {
    rank_file->output_.emplace(path);
    checked = rank_file->output_->check_writable();
    if (checked)
      checked =
          check_free_space(rank_file->output_->temp_path(), file_bytes(data_bytes), path.string());
    temp_name = rank_file->output_->temp_path().string();
  }
  GS_TRY(world.share(checked));
  GS_TRY(world.agree(world.broadcast(temp_name)));
  Expected<std::unique_ptr<CollectiveFile>> file = CollectiveFile::create(temp_name, path);
  GS_TRY(world.agree(file.status()));
  rank_file->file_ = std::move(file).value();
  rank_file->parallel_ = world.all(rank_file->file_->uses_mpi_io());
  GS_TRY(rank_file->reserve(data_bytes, world));
  return Expected<std::unique_ptr<RankFile>>(std::move(rank_file));
}

Status RankFile::reserve(std::uintmax_t data_bytes, distributed::MpiWorld& world) {
  return world.share(output_
                         ? reserve_space(output_->temp_path(), file_bytes(data_bytes), shown_name_)
                         : Status::ok());
}

RankFile::~RankFile() {
  if (!file_) return;  // closed and moved into place, or never created
  if (output_) free_space(output_->temp_path());
  output_.reset();
  (void)world_.agree(Status::ok());  // the room is free before any rank's close needs it
  file_.reset();
}

Status RankFile::finish(const std::string& xdmf_description) {
  GS_TRY(world_.agree(file_->close()));
  file_.reset();
  if (!output_) return world_.agree(Status::ok());
  release_unused_space(output_->temp_path());
  Expected<std::optional<OutputFile>> description = stage_xdmf(shown_name_, xdmf_description);
  if (!description) return world_.agree(description.status());
  return world_.agree(commit_with_description(*output_, *description));
}

}  // namespace gs::batch
