// A frames file written by every rank together, each frame while the ranks step the next ones,
// as one process's frame writer does (gs::FrameWriter): each rank queues its own rows of each
// frame, and a thread of its own makes the collective write. The writers of all ranks agree on
// every frame's outcome over a communicator of their own, so that they stop together, at the
// same frame, when one fails. Parallel HDF5 is called from that thread alone while it runs, MPI
// from both threads, which needs MPI_THREAD_MULTIPLE. Or, where the node has no core to spare
// for it (rank_settings.h), each frame is written when it is pushed, on the caller's thread.
// Builds with MPI only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "gs/bounded_worker.h"
#include "gs/collective_files.h"
#include "mpi_world.h"
#include "rank_files.h"

namespace gs::batch {

class RankFrameWriter {
 public:
  // Every rank calls it together, with the frames file they all opened, the bytes of one frame
  // (reserved on the disk before each frame is written, rank_files.h) and the same `background`
  // (which needs world.threads_multiple()).
  static Expected<std::unique_ptr<RankFrameWriter>> create(RankFile& file, RowRange own,
                                                           std::uintmax_t frame_bytes,
                                                           distributed::MpiWorld& world,
                                                           bool background);
  // Writes what is queued (every rank queued the same frames), then stops.
  ~RankFrameWriter();
  RankFrameWriter(const RankFrameWriter&) = delete;
  RankFrameWriter& operator=(const RankFrameWriter&) = delete;

  // This rank's rows of the next frame, copied into the queue (waiting while it is full), or
  // written now. Fails with the writers' agreed failure once this rank's writer has it.
  Status push(const FieldData& own_v);
  // Writes what is queued and stops; the agreed outcome.
  Status finish();
  // Whether the frames are written on a thread of their own.
  bool in_background() const { return worker_.has_value(); }
  // Seconds the simulation waited for the writes, and the writes took.
  double wait_seconds() const;
  double work_seconds() const;

 private:
  RankFrameWriter(RankFile& file, RowRange own, std::uintmax_t frame_bytes,
                  distributed::MpiWorld& world)
      : file_(file), own_(own), frame_bytes_(frame_bytes), world_(world) {}

  RankFile& file_;
  RowRange own_;
  std::uintmax_t frame_bytes_;
  distributed::MpiWorld& world_;
  std::int64_t written_inline_ = 0;  // frames written on the caller's thread
  double inline_seconds_ = 0.0;
  std::unique_ptr<distributed::MpiWorld> writers_;  // the writer threads' own communicator
  std::optional<BoundedWorker<FieldData>> worker_;  // last: stopped before the world it uses
};

}  // namespace gs::batch
