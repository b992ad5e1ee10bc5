// One axis of a parameter sweep's lattice, as --sweep-F and --sweep-k give it: LOW:HIGH:N, N
// values evenly spaced from LOW to HIGH inclusive (N = 1: LOW alone).
#pragma once

#include <string_view>
#include <vector>

#include "gs/status.h"

namespace gs::batch {

inline constexpr int kMaxSweepCount = 1024;

struct SweepAxis {
  double low = 0.0;
  double high = 0.0;
  int count = 1;

  // Value i of count; the last one is HIGH exactly.
  double value(int i) const;
  std::vector<double> values() const;
};

// "0.01:0.1:64" -> {0.01, 0.1, 64}; an error naming the problem: not three parts, a part that is
// not a finite number (read whole and strictly), LOW above HIGH, or N outside 1..1024.
Expected<SweepAxis> parse_sweep_axis(std::string_view text);

}  // namespace gs::batch
