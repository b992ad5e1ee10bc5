// The batch program's one clock for the times its reports give (compute, transfer, I/O, wall).
#pragma once

#include <chrono>

namespace gs::batch {

using Clock = std::chrono::steady_clock;

// Seconds from `start` until now.
inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace gs::batch
