// How a run over ranks goes, beyond the job: chosen once from the options, the node and the
// backend, the same on every rank (all ranks call it together). Builds with MPI only.
#pragma once

#include "batch_options.h"
#include "gs/backend.h"
#include "gs/status.h"
#include "mpi_world.h"

namespace gs::batch {

struct RankSettings {
  int halo = kDefaultHalo;  // rows of halo, steps between exchanges
  // Frames written on a thread of their own while the ranks step (rank_frame_writer.h), or on
  // the stepping thread between frames.
  bool background_frames = false;
};

// The cores this rank may use: those it is bound to (Slurm's --cpus-per-task, mpirun's
// binding), or else its share of its node's. The CPU twin's threads default to it.
int cores_for_rank(const distributed::MpiWorld& world);

// --frame-writer thread, inline, or auto: a thread where MPI lets two threads call it and the
// node has a core to spare for each rank's writer beside its stepping (the CPU twin's threads,
// or the one thread that drives a GPU) on every node; a writer without a core of its own slows
// the ranks' exchanges and collective writes, which wait by spinning.
Expected<RankSettings> choose_rank_settings(const BatchOptions& options,
                                            distributed::MpiWorld& world, const Backend& block);

}  // namespace gs::batch
