// A picture as the starting pattern: where the picture is strong (dark, by default) the grid
// holds Pearson's perturbed state (v = 0.25, u = 0.5), elsewhere the trivial state (v = 0,
// u = 1), with u = 1 - 2v in between so the two stay consistent; optional noise on top. Like
// the engine's own patterns, a pure function of the picture, the options and the seed, and any
// band of rows can be made alone, to the bit.
#pragma once

#include <cstdint>
#include <optional>

#include "gs/fields.h"
#include "picture_sampling.h"

namespace gs::app {

struct PictureSeedOptions {
  PicturePlacement placement;
  std::optional<float>
      threshold;           // strength >= threshold seeds fully, below not at all; else smooth
  float noise = 0;         // amplitude of uniform noise on u and v, in [0, 1]
  std::uint64_t seed = 1;  // the noise's
};

// Rows [first, first + count) of the seeded grid.
Fields seed_rows_from_picture(const Picture& picture, const PictureSeedOptions& options,
                              GridSize grid, int first, int count);

// The whole grid.
inline Fields seed_from_picture(const Picture& picture, const PictureSeedOptions& options,
                                GridSize grid) {
  return seed_rows_from_picture(picture, options, grid, 0, grid.height);
}

}  // namespace gs::app
