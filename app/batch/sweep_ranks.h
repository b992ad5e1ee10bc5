// What a sweep needs of its ranks: each rank's place, agreeing on an outcome, and gathering the
// contiguous blocks of runs to rank 0. One process is a world of one (SingleProcess); under
// mpirun, MpiSweepRanks (sweep_ranks_mpi.cpp) passes it all through MPI.
#pragma once

#include <vector>

#include "gs/status.h"

namespace gs::batch {

class SweepRanks {
 public:
  virtual ~SweepRanks() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // This rank's place among the ranks of its node (to pick a GPU).
  virtual int local_rank() const = 0;
  // Every rank passes its own status; all return ok, or the first failing rank's error.
  virtual Status agree(const Status& local) = 0;
  // The largest of every rank's value.
  virtual double max(double local) = 0;
  // Rank 0 receives every rank's `mine` one after another in rank order into `all` (sized there
  // to the sum of `counts`, one per rank); the others send theirs.
  virtual Status gather(const std::vector<float>& mine, const std::vector<int>& counts,
                        std::vector<float>& all) = 0;
  virtual Status gather(const std::vector<double>& mine, const std::vector<int>& counts,
                        std::vector<double>& all) = 0;
};

class SingleProcess final : public SweepRanks {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int local_rank() const override { return 0; }
  Status agree(const Status& local) override { return local; }
  double max(double local) override { return local; }
  Status gather(const std::vector<float>& mine, const std::vector<int>&,
                std::vector<float>& all) override {
    all = mine;
    return Status::ok();
  }
  Status gather(const std::vector<double>& mine, const std::vector<int>&,
                std::vector<double>& all) override {
    all = mine;
    return Status::ok();
  }
};

}  // namespace gs::batch
