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

void fill_rect(Fields& f, int x0, int y0, int side_x, int side_y) {
  for (int y = std::max(0, y0); y < std::min(f.size.height, y0 + side_y); ++y)
    for (int x = std::max(0, x0); x < std::min(f.size.width, x0 + side_x); ++x) {
      const std::size_t i = std::size_t(y) * f.size.width + x;
      f.u[i] = kSeedU;
      f.v[i] = kSeedV;
    }
}

void make_square(Fields& f, UnitRandom& random) {
  const int side = std::max(2, std::min(f.size.width, f.size.height) / 10);
  fill_rect(f, (f.size.width - side) / 2, (f.size.height - side) / 2, side, side);
  for (std::size_t i = 0; i < f.u.size(); ++i) {
    f.u[i] = std::clamp(f.u[i] + kSquareNoise * (2.0f * random.next() - 1.0f), 0.0f, 1.0f);
    f.v[i] = std::clamp(f.v[i] + kSquareNoise * (2.0f * random.next() - 1.0f), 0.0f, 1.0f);
  }
}

void make_spots(Fields& f, UnitRandom& random) {
  // Discs of the seed state, about one per 40,000 cells and at least 5, each a few percent of
  // the smaller side across.
  const int count = std::max<int>(5, int(f.size.cells() / 40000));
  const int radius_limit = std::max(1, std::min(f.size.width, f.size.height) / 30);
  for (int s = 0; s < count; ++s) {
    const int cx = random.below(f.size.width);
    const int cy = random.below(f.size.height);
    const int r = 1 + random.below(radius_limit);
    for (int y = std::max(0, cy - r); y <= std::min(f.size.height - 1, cy + r); ++y)
      for (int x = std::max(0, cx - r); x <= std::min(f.size.width - 1, cx + r); ++x)
        if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) {
          const std::size_t i = std::size_t(y) * f.size.width + x;
          f.u[i] = kSeedU;
          f.v[i] = kSeedV;
        }
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

void make_grown_spots(Fields& f, UnitRandom& random) {
  std::fill(f.u.begin(), f.u.end(), kGrownBetweenU);
  const int w = f.size.width, h = f.size.height;
  for (const auto& [cx, cy] : spaced_centres(f.size, random))
    for (int dy = -kGrownSpotReach; dy <= kGrownSpotReach; ++dy)
      for (int dx = -kGrownSpotReach; dx <= kGrownSpotReach; ++dx) {
        const float g = std::exp(-float(dx * dx + dy * dy) / kGrownSpotWidth2);
        // Wrapped, as the default periodic edges are; spots that overlap keep the stronger one.
        const std::size_t i = std::size_t(((cy + dy) % h + h) % h) * w + ((cx + dx) % w + w) % w;
        f.v[i] = std::max(f.v[i], kGrownSpotV * g);
        f.u[i] = std::min(f.u[i], kGrownBetweenU - (kGrownBetweenU - kGrownSpotU) * g);
      }
}

void make_noise(Fields& f, UnitRandom& random) {
  for (std::size_t i = 0; i < f.u.size(); ++i) {
    const float r = random.next();
    f.u[i] = 1.0f - 0.5f * r;
    f.v[i] = 0.25f * r;
  }
}

}  // namespace

Fields make_initial_fields(GridSize size, InitPattern pattern, std::uint64_t seed) {
  Fields f(size);
  std::fill(f.u.begin(), f.u.end(), 1.0f);
  std::fill(f.v.begin(), f.v.end(), 0.0f);
  UnitRandom random(seed);
  switch (pattern) {
    case InitPattern::Square:
      make_square(f, random);
      break;
    case InitPattern::Spots:
      make_spots(f, random);
      break;
    case InitPattern::Noise:
      make_noise(f, random);
      break;
    case InitPattern::GrownSpots:
      make_grown_spots(f, random);
      break;
  }
  return f;
}

}  // namespace gs
