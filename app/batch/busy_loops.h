// Busy-loop child processes, for measuring the simulation under contention: each spins at nice 0
// until the object is destroyed, as other programs on a shared machine would. They die with the
// parent too, so a benchmark that crashes leaves none behind.
#pragma once

#include <sys/types.h>

#include <vector>

#include "gs/status.h"

namespace gs::batch {

class BusyLoops {
 public:
  BusyLoops() = default;
  ~BusyLoops();
  BusyLoops(const BusyLoops&) = delete;
  BusyLoops& operator=(const BusyLoops&) = delete;

  // Starts `count` spinning processes beside the ones already running.
  Status start(int count);
  // Kills and reaps them all.
  void stop();
  int running() const { return int(pids_.size()); }

 private:
  std::vector<pid_t> pids_;
};

}  // namespace gs::batch
