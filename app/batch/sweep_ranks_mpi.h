// A sweep's ranks under mpirun: the MpiWorld's agreement, maximum and gathers.
#pragma once

#include "mpi_world.h"
#include "sweep_ranks.h"

namespace gs::batch {

class MpiSweepRanks final : public SweepRanks {
 public:
  explicit MpiSweepRanks(distributed::MpiWorld& world) : world_(world) {}
  int rank() const override { return world_.rank(); }
  int size() const override { return world_.size(); }
  int local_rank() const override { return world_.local_rank(); }
  Status agree(const Status& local) override { return world_.agree(local); }
  double max(double local) override { return world_.max(local); }
  Status gather(const std::vector<float>& mine, const std::vector<int>& counts,
                std::vector<float>& all) override {
    return world_.gather_blocks(mine, counts, all);
  }
  Status gather(const std::vector<double>& mine, const std::vector<int>& counts,
                std::vector<double>& all) override {
    return world_.gather_blocks(mine, counts, all);
  }

 private:
  distributed::MpiWorld& world_;
};

}  // namespace gs::batch
