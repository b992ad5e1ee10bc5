#include "rank_files.h"

#include <string>

namespace gs::batch {

Expected<std::unique_ptr<RankFile>> RankFile::create(const std::filesystem::path& path,
                                                     distributed::MpiWorld& world) {
  std::unique_ptr<RankFile> rank_file(new RankFile(world));
  std::string temp_name;
  Status checked = Status::ok();
  if (world.rank() == 0) {
    rank_file->output_.emplace(path);
    checked = rank_file->output_->check_writable();
    temp_name = rank_file->output_->temp_path().string();
  }
  GS_TRY(world.agree(checked));
  GS_TRY(world.agree(world.broadcast(temp_name)));
  Expected<std::unique_ptr<CollectiveFile>> file = CollectiveFile::create(temp_name, path);
  GS_TRY(world.agree(file.status()));
  rank_file->file_ = std::move(file).value();
  rank_file->parallel_ = world.all(rank_file->file_->uses_mpi_io());
  return Expected<std::unique_ptr<RankFile>>(std::move(rank_file));
}

RankFile::~RankFile() {
  output_.reset();
  file_.reset();
}

Status RankFile::finish() {
  GS_TRY(world_.agree(file_->close()));
  return world_.agree(output_ ? output_->commit() : Status::ok());
}

}  // namespace gs::batch
