#include "gs/initial_conditions.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace gs {
namespace {

// Pearson's perturbation of the resting state: u = 0.5, v = 0.25.
constexpr float kSeedU = 0.5f;
constexpr float kSeedV = 0.25f;
// Amplitude of the small noise that breaks the square's symmetry (Pearson used 1%).
constexpr float kSquareNoise = 0.01f;

// Uniform floats in [0, 1) from a fixed generator and a fixed mapping, so the bits do not
// depend on the standard library's distributions.
class UnitRandom {
 public:
  explicit UnitRandom(std::uint64_t seed) : engine_(seed) {}
  float next() { return float(engine_() >> 40) * 0x1.0p-24f; }
  int below(int n) { return std::min(n - 1, int(next() * float(n))); }

 private:
  std::mt19937_64 engine_;
};

int wrap(long value, int extent) {
  const long r = value % extent;
  return int(r < 0 ? r + extent : r);
}

// Rows [first, first + count) of a grid, wrapping around it: the fields being filled, and which
// of their rows hold a given grid row (every pattern is written row by row of the grid).
class GridRows {
 public:
  GridRows(GridSize grid, int first, int count)
      : grid_(grid), first_(first), fields_(GridSize{grid.width, count}) {
    std::fill(fields_.u.begin(), fields_.u.end(), 1.0f);
    std::fill(fields_.v.begin(), fields_.v.end(), 0.0f);
  }
  GridSize grid() const { return grid_; }
  // Calls `fill(u, v)` with the row's cells (width of each) for every row that holds grid row
  // `y` (0 <= y < height).
  template <class Fill>
  void for_row(int y, Fill&& fill) {
    const int rows = fields_.size.height;
    for (long row = wrap(long(y) - first_, grid_.height); row < rows; row += grid_.height) {
      const std::size_t at = std::size_t(row) * std::size_t(grid_.width);
      fill(fields_.u.data() + at, fields_.v.data() + at);
    }
  }
  Fields take() { return std::move(fields_); }

 private:
  GridSize grid_;
  int first_;
  Fields fields_;
};

void make_square(GridRows& rows, UnitRandom& random) {
  const GridSize grid = rows.grid();
  const int side = std::max(2, std::min(grid.width, grid.height) / 10);
  const int x0 = (grid.width - side) / 2, y0 = (grid.height - side) / 2;
  std::vector<float> u(std::size_t(grid.width)), v(u.size());
  for (int y = 0; y < grid.height; ++y) {  // every cell's two numbers, in the grid's order
    const bool square_row = y >= y0 && y < y0 + side;
    for (int x = 0; x < grid.width; ++x) {
      const bool in_square = square_row && x >= x0 && x < x0 + side;
      const float base_u = in_square ? kSeedU : 1.0f, base_v = in_square ? kSeedV : 0.0f;
      u[std::size_t(x)] =
          std::clamp(base_u + kSquareNoise * (2.0f * random.next() - 1.0f), 0.0f, 1.0f);
      v[std::size_t(x)] =
          std::clamp(base_v + kSquareNoise * (2.0f * random.next() - 1.0f), 0.0f, 1.0f);
    }
    rows.for_row(y, [&](float* row_u, float* row_v) {
      std::copy(u.begin(), u.end(), row_u);
      std::copy(v.begin(), v.end(), row_v);
    });
  }
}

void make_spots(GridRows& rows, UnitRandom& random) {
  // Discs of the seed state, about one per 40,000 cells and at least 5, each a few percent of
  // the smaller side across; cut at the grid's edges.
  const GridSize grid = rows.grid();
  const int count = std::max<int>(5, int(grid.cells() / 40000));
  const int radius_limit = std::max(1, std::min(grid.width, grid.height) / 30);
  for (int s = 0; s < count; ++s) {
    const int cx = random.below(grid.width);
    const int cy = random.below(grid.height);
    const int r = 1 + random.below(radius_limit);
    for (int y = std::max(0, cy - r); y <= std::min(grid.height - 1, cy + r); ++y)
      rows.for_row(y, [&](float* u, float* v) {
        for (int x = std::max(0, cx - r); x <= std::min(grid.width - 1, cx + r); ++x)
          if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) {
            u[x] = kSeedU;
            v[x] = kSeedV;
          }
      });
  }
}

// Grown spots: the shape spots settle into in the spot-splitting presets, measured on
// pearson-epsilon and warring-microbes fields after 10,000 steps (v about 0.33 at the centre, half
// that 4 cells out; u about 0.28 there and 0.74 between spots), packed about one per 256 cells and
// at least 12 cells apart. Discs of the seed state swell and then mostly die before the survivors
// divide, for hundreds of steps even when packed as densely; these look grown from the first
// frame and go on as a grown field does.
constexpr float kGrownSpotV = 0.33f;
constexpr float kGrownSpotU = 0.28f;
constexpr float kGrownBetweenU = 0.74f;
constexpr float kGrownSpotWidth2 = 23.5f;  // 2 sigma^2 of the Gaussian profile, in cells^2
constexpr int kGrownSpotReach = 10;        // the profile is under 2% of its peak beyond this
constexpr int kGrownSpotSpacing = 12;
constexpr int kCellsPerGrownSpot = 256;

// Random centres at least kGrownSpotSpacing apart, also across the periodic edges (dart throwing;
// a grid of buckets one spacing wide holds the centres already placed, and two buckets each way
// cover the narrower last one).
std::vector<std::pair<int, int>> spaced_centres(GridSize size, UnitRandom& random) {
  const int spacing = kGrownSpotSpacing;
  const int buckets_x = (size.width + spacing - 1) / spacing;
  const int buckets_y = (size.height + spacing - 1) / spacing;
  std::vector<std::vector<std::pair<int, int>>> buckets(std::size_t(buckets_x) * buckets_y);
  const auto wrapped_distance = [](int a, int b, int extent) {
    const int d = std::abs(a - b);
    return std::min(d, extent - d);
  };
  const long wanted = std::max<long>(1, long(size.cells() / kCellsPerGrownSpot));
  std::vector<std::pair<int, int>> centres;
  for (long tries = 0; tries < 20 * wanted && long(centres.size()) < wanted; ++tries) {
    const int x = random.below(size.width), y = random.below(size.height);
    const int bx = x / spacing, by = y / spacing;
    bool clear = true;
    for (int dy = -2; dy <= 2 && clear; ++dy)
      for (int dx = -2; dx <= 2 && clear; ++dx) {
        const int nx = ((bx + dx) % buckets_x + buckets_x) % buckets_x;
        const int ny = ((by + dy) % buckets_y + buckets_y) % buckets_y;
        for (const auto& [cx, cy] : buckets[std::size_t(ny) * buckets_x + nx]) {
          const int ddx = wrapped_distance(x, cx, size.width);
          const int ddy = wrapped_distance(y, cy, size.height);
          if (ddx * ddx + ddy * ddy < spacing * spacing) clear = false;
        }
      }
    if (!clear) continue;
    buckets[std::size_t(by) * buckets_x + bx].emplace_back(x, y);
    centres.emplace_back(x, y);
  }
  return centres;
}

void make_grown_spots(GridRows& rows, UnitRandom& random) {
  const GridSize grid = rows.grid();
  for (int y = 0; y < grid.height; ++y)
    rows.for_row(y, [&](float* u, float*) { std::fill(u, u + grid.width, kGrownBetweenU); });
  for (const std::pair<int, int>& centre : spaced_centres(grid, random)) {
    const int cx = centre.first, cy = centre.second;  // (C++17 lambdas capture no bindings)
    for (int dy = -kGrownSpotReach; dy <= kGrownSpotReach; ++dy)
      rows.for_row(wrap(cy + dy, grid.height), [&](float* u, float* v) {
        for (int dx = -kGrownSpotReach; dx <= kGrownSpotReach; ++dx) {
          const float g = std::exp(-float(dx * dx + dy * dy) / kGrownSpotWidth2);
          // Wrapped, as the default periodic edges are; spots that overlap keep the stronger.
          const int x = wrap(cx + dx, grid.width);
          v[x] = std::max(v[x], kGrownSpotV * g);
          u[x] = std::min(u[x], kGrownBetweenU - (kGrownBetweenU - kGrownSpotU) * g);
        }
      });
  }
}

void make_noise(GridRows& rows, UnitRandom& random) {
  const GridSize grid = rows.grid();
  std::vector<float> u(std::size_t(grid.width)), v(u.size());
  for (int y = 0; y < grid.height; ++y) {  // every cell's number, in the grid's order
    for (std::size_t x = 0; x < u.size(); ++x) {
      const float r = random.next();
      u[x] = 1.0f - 0.5f * r;
      v[x] = 0.25f * r;
    }
    rows.for_row(y, [&](float* row_u, float* row_v) {
      std::copy(u.begin(), u.end(), row_u);
      std::copy(v.begin(), v.end(), row_v);
    });
  }
}

}  // namespace

Fields make_initial_fields(GridSize size, InitPattern pattern, std::uint64_t seed) {
  return make_initial_rows(size, pattern, seed, 0, size.height);
}

Fields make_initial_rows(GridSize grid, InitPattern pattern, std::uint64_t seed, int first,
                         int count) {
  GridRows rows(grid, first, count);
  UnitRandom random(seed);
  switch (pattern) {
    case InitPattern::Square:
      make_square(rows, random);
      break;
    case InitPattern::Spots:
      make_spots(rows, random);
      break;
    case InitPattern::Noise:
      make_noise(rows, random);
      break;
    case InitPattern::GrownSpots:
      make_grown_spots(rows, random);
      break;
  }
  return rows.take();
}

}  // namespace gs
