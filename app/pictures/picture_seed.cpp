#include "picture_seed.h"

#include <algorithm>
#include <cstddef>

namespace gs::app {
namespace {

// Pearson's perturbed state, the seed's full strength.
constexpr float kSeedV = 0.25f;

// A uniform float in [0, 1) for one cell and one use, from a counter-based hash (splitmix64's
// finaliser), so a band of rows needs no other rows' random numbers.
float cell_random(std::uint64_t seed, std::uint64_t cell, std::uint64_t use) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (2 * cell + use + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return float(z >> 40) * 0x1.0p-24f;
}

}  // namespace

Fields seed_rows_from_picture(const Picture& picture, const PictureSeedOptions& options,
                              GridSize grid, int first, int count) {
  const std::vector<float> strengths =
      picture_strengths(picture, options.placement, grid, first, count);
  Fields fields(GridSize{grid.width, count});
  for (int r = 0; r < count; ++r) {
    const long wrapped = (long(first) + r) % grid.height;
    const std::uint64_t grid_row = std::uint64_t(wrapped < 0 ? wrapped + grid.height : wrapped);
    for (int x = 0; x < grid.width; ++x) {
      const std::size_t at = std::size_t(r) * std::size_t(grid.width) + std::size_t(x);
      float strength = strengths[at];
      if (options.threshold) strength = strength >= *options.threshold ? 1.0f : 0.0f;
      float v = kSeedV * strength, u = 1.0f - 2.0f * v;
      if (options.noise > 0) {
        const std::uint64_t cell = grid_row * std::uint64_t(grid.width) + std::uint64_t(x);
        u += options.noise * (2.0f * cell_random(options.seed, cell, 0) - 1.0f);
        v += options.noise * (2.0f * cell_random(options.seed, cell, 1) - 1.0f);
      }
      fields.u[at] = std::clamp(u, 0.0f, 1.0f);
      fields.v[at] = std::clamp(v, 0.0f, 1.0f);
    }
  }
  return fields;
}

}  // namespace gs::app
