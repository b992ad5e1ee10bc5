// How one grid, copied to the device once, becomes `grids` copies laid one after another:
// device-to-device copies that double what is already there (grids [0, n) into [n, 2n)), the
// last one partial, so 10^4 grids take 14 copies instead of 2 x 10^4 from pageable host
// memory. Plain C++, so a test can apply the plan to host arrays.
#pragma once

#include <algorithm>
#include <vector>

namespace gs::cuda {

// Grids [0, count) copied to [to, to + count); `to` >= `count`, so source and target never
// overlap.
struct GridCopy {
  long long to = 0;
  long long count = 0;
};

inline std::vector<GridCopy> replication_copies(long long grids) {
  std::vector<GridCopy> copies;
  for (long long filled = 1; filled < grids; filled *= 2)
    copies.push_back({filled, std::min(filled, grids - filled)});
  return copies;
}

}  // namespace gs::cuda
