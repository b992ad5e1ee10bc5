// A file that all ranks of a run write together (gs::CollectiveFile, parallel HDF5), appearing
// whole or not at all as every output does: rank 0 picks the temporary name beside the target
// (gs::OutputFile) and shares it, the ranks agree on every step, and rank 0 renames the file
// only once every rank has closed it. When any rank fails or is stopped, the ranks agree on it,
// close the file together, and rank 0 removes the temporary. The file's bytes are reserved on
// its disk before any rank writes (disk_space.h): a full disk ends the job there, with the
// system's reason, rather than in a close the ranks cannot finish alike. Builds with MPI only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "gs/collective_files.h"
#include "gs/output_file.h"
#include "gs/status.h"
#include "mpi_world.h"

namespace gs::batch {

class RankFile {
 public:
  // Every rank calls it with the same path and `data_bytes` (what its datasets will hold at
  // first: all of a state, a frames file's first frame); every rank gets the same outcome.
  static Expected<std::unique_ptr<RankFile>> create(const std::filesystem::path& path,
                                                    std::uintmax_t data_bytes,
                                                    distributed::MpiWorld& world);
  // An unfinished file: rank 0 empties it and removes its name first, then every rank closes it
  // (a close flushes, which needs room on the disk, and may take longer than a job stopped by
  // mpirun has before it is killed).
  ~RankFile();
  RankFile(const RankFile&) = delete;
  RankFile& operator=(const RankFile&) = delete;

  CollectiveFile& file() { return *file_; }
  // Room for `data_bytes` of datasets in all, before the ranks write past what is reserved (a
  // frames file, frame by frame): collective over `world` (the ranks' own, or their frame
  // writers'), rank 0's outcome on every rank.
  Status reserve(std::uintmax_t data_bytes, distributed::MpiWorld& world);
  // Whether every rank writes through MPI-IO.
  bool parallel() const { return parallel_; }
  // Closes the file on every rank, then moves it into place (rank 0): the agreed outcome. With
  // `xdmf_description` (gs/xdmf_file.h; rank 0's counts), rank 0 writes it beside the file and
  // moves the two into place together.
  Status finish(const std::string& xdmf_description = {});

 private:
  explicit RankFile(distributed::MpiWorld& world) : world_(world) {}

  distributed::MpiWorld& world_;
  std::string shown_name_;  // the path as given, for messages and its description's place
  bool parallel_ = false;
  std::optional<OutputFile> output_;      // rank 0's guard
  std::unique_ptr<CollectiveFile> file_;  // closed by every rank together
};

}  // namespace gs::batch
