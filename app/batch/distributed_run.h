// A batch run over the ranks of an MPI world (mpirun, srun): the grid split in row bands, each
// rank stepping its band's block on its own backend in calls of at most `halo` steps and
// refreshing its halos between them (only the rows that cross leave the backend); the ranks
// write the frames and the final state together, each its own rows (rank_files.h, parallel
// HDF5). The same bits as one process (distributed/row_bands.h). Builds with MPI only.
#pragma once

#include "batch_job.h"
#include "batch_run.h"
#include "gs/backend.h"
#include "mpi_world.h"
#include "rank_settings.h"

namespace gs::batch {

// Every rank calls it with the same job; every rank returns the same outcome (an error names
// the rank that hit it). Only rank 0 shows progress. `ahead`, a second backend of the same kind,
// steps the rows each rank sends ahead of its block so the exchange overlaps the block's steps
// (rank_stepper.h); null: the block steps, then the ranks exchange.
Expected<RunReport> run_distributed(const BatchJob& job, Backend& backend, Backend* ahead,
                                    const RankSettings& ranks, distributed::MpiWorld& world,
                                    const RunSettings& settings);

}  // namespace gs::batch
