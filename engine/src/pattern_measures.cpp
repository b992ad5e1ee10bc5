#include "gs/pattern_measures.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gs {
namespace {

constexpr float kActiveV = 0.1f;  // v above this: away from the trivial state
constexpr int kSpotCells = 150;   // a group this size or smaller is a spot (or a hole)

// Sizes of the 4-connected groups of cells whose flag equals `want`, on a torus.
std::vector<int> part_sizes(const std::vector<char>& flags, GridSize size, char want) {
  std::vector<char> seen(flags.size(), 0);
  std::vector<int> sizes, stack;
  for (std::size_t start = 0; start < flags.size(); ++start) {
    if (flags[start] != want || seen[start]) continue;
    int count = 0;
    stack.assign(1, int(start));
    seen[start] = 1;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++count;
      const int x = cell % size.width, y = cell / size.width;
      const int next[4][2] = {{(x + 1) % size.width, y},
                              {(x + size.width - 1) % size.width, y},
                              {x, (y + 1) % size.height},
                              {x, (y + size.height - 1) % size.height}};
      for (const auto& n : next) {
        const int index = n[1] * size.width + n[0];
        if (flags[index] == want && !seen[index]) {
          seen[index] = 1;
          stack.push_back(index);
        }
      }
    }
    sizes.push_back(count);
  }
  return sizes;
}

double share_in_small(const std::vector<int>& sizes) {
  long total = 0, small = 0;
  for (int s : sizes) {
    total += s;
    if (s <= kSpotCells) small += s;
  }
  return total ? double(small) / double(total) : 0.0;
}

std::vector<char> active_flags(const Fields& fields) {
  std::vector<char> flags(fields.v.size());
  for (std::size_t i = 0; i < flags.size(); ++i) flags[i] = fields.v[i] > kActiveV;
  return flags;
}

}  // namespace

FieldMeasures measure_field(const Fields& fields) {
  FieldMeasures m;
  const std::vector<char> flags = active_flags(fields);
  double sum = 0, sum2 = 0;
  long active = 0;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    active += flags[i];
    sum += fields.v[i];
    sum2 += double(fields.v[i]) * fields.v[i];
  }
  const double n = double(flags.size());
  m.active_fraction = double(active) / n;
  m.v_spread = std::sqrt(std::max(0.0, sum2 / n - (sum / n) * (sum / n)));
  const std::vector<int> active_sizes = part_sizes(flags, fields.size, 1);
  const std::vector<int> quiet_sizes = part_sizes(flags, fields.size, 0);
  m.active_parts = int(active_sizes.size());
  m.in_small_parts = share_in_small(active_sizes);
  m.quiet_parts = int(quiet_sizes.size());
  m.quiet_in_small_parts = share_in_small(quiet_sizes);
  return m;
}

double changed_fraction(const Fields& before, const Fields& after) {
  const std::vector<char> a = active_flags(before), b = active_flags(after);
  long changed = 0;
  for (std::size_t i = 0; i < a.size(); ++i) changed += a[i] != b[i];
  return double(changed) / double(a.size());
}

std::string classify_shape(const FieldMeasures& m) {
  if (m.active_fraction < 0.002) return "dead";
  if (m.v_spread < 0.02) return "uniform";
  if (m.active_fraction > 0.5 && m.quiet_in_small_parts >= 0.8) return "holes";
  if (m.in_small_parts >= 0.8) return "spots";
  if (m.in_small_parts <= 0.2) return "stripes";
  return "mixed";
}

}  // namespace gs
