#include "gs/initial_conditions.h"

#include <algorithm>
#include <random>

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
  }
  return f;
}

}  // namespace gs
