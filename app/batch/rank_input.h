// What each rank of a run starts from: its block alone, its band and halo rows (the rows
// distributed::cut_block would cut from the whole grid). From --input, every rank opens the state
// file together (parallel HDF5) and reads only its block, with the checks of one process's
// reader (datasets, shape, attributes, NaN); the ranks agree on each step, so all stop with the
// same error. From --init, each rank generates only its block's rows. Builds with MPI only.
#pragma once

#include "batch_job.h"
#include "batch_options.h"
#include "mpi_world.h"

namespace gs::batch {

// A reader for build_job, for a run split over the world's ranks with halos of `halo` rows.
InputReader rank_input_reader(const BatchOptions& options, distributed::MpiWorld& world, int halo);
// The block of a generated grid each rank keeps.
BlockChooser rank_block_chooser(const distributed::MpiWorld& world, int halo);

}  // namespace gs::batch
