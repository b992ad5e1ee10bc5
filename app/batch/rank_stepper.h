// One rank's block stepped in chunks of at most `halo` steps, with the halo exchange after each.
// Two ways: the block steps, then its edge rows go out and the rank waits for its neighbours'; or
// the rows it sends are stepped ahead on a backend of their own (distributed/edge_strips.h), go
// out at once, and travel while the block steps: the exchange overlaps the interior's compute.
// Every rank posts its exchange whatever happened, and the ranks agree on the chunk's outcome
// after it, so no rank waits for one that failed. Builds with MPI only.
#pragma once

#include "batch_run.h"
#include "edge_strips.h"
#include "gs/backend.h"
#include "halo_messages.h"
#include "mpi_world.h"

namespace gs::batch {

class RankStepper {
 public:
  // `ahead` steps the sends ahead (the overlapped exchange), or is null. The references must
  // outlive the stepper.
  RankStepper(Backend& block, Backend* ahead, distributed::RankExchange& exchange,
              const distributed::EdgeStrips& strips, distributed::MpiWorld& world,
              RunReport& report);

  // `count` steps (at most the halo) and the exchange after them; every rank returns the same.
  Status chunk(int count);

 private:
  Status step_block(int count);
  Status wait_for_block();  // and takes the steps' times
  Status read_sends();
  Status step_block_while_exchanging(int count);
  Status write_halos();

  Backend& block_;
  Backend* ahead_;
  distributed::RankExchange& exchange_;
  const distributed::EdgeStrips& strips_;
  distributed::MpiWorld& world_;
  RunReport& report_;
};

}  // namespace gs::batch
