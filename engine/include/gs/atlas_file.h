// The atlas of a parameter sweep (HDF5): the final v of every run of an N x M lattice of feed
// and kill rates, with the lattice's axes and each run's pattern measures (gs/pattern_measures.h):
//   v         float32 [N, M, H, W]  run (i, j) has F[i] and k[j]
//   F         float64 [N]           k  float64 [M]
//   style_F   float64 [N]           style_k  float64 [M]   where a style map ran: set B's F and
//                                   k of run (i, j) are style_F[i] and style_k[j]
//   coverage  float64 [N, M]        the share of cells with v above 0.1
//   spots     int32   [N, M]        connected groups of those cells (edges wrap)
//   moving    uint8   [N, M]        1 where the pattern still moved over the last steps
// and the attributes Du, Dv, dt (float64), laplacian, boundary, init (strings), step (int64)
// and seed (uint64). Written under a temporary name and renamed when whole.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gs/fields.h"
#include "gs/output_file.h"
#include "gs/params.h"
#include "gs/status.h"

namespace gs {

struct SweepAtlas {
  GridSize size;                 // each run's grid
  std::vector<double> F;         // N values
  std::vector<double> k;         // M values
  std::vector<double> style_F;   // N values of set B's F, or none where no style map ran
  std::vector<double> style_k;   // M values of set B's k, or none
  std::vector<float> v;          // N * M * size.cells(), run (i, j) at (i * M + j) * size.cells()
  std::vector<double> coverage;  // N * M
  std::vector<std::int32_t> spots;   // N * M
  std::vector<std::uint8_t> moving;  // N * M
  Params params;                     // Du, Dv, dt, the Laplacian and the boundary every run shared
  std::int64_t step = 0;
  std::string init;
  std::uint64_t seed = 0;
};

Status write_atlas(const std::filesystem::path& path, const SweepAtlas& atlas);
// The same, left under its temporary name for the caller to commit (gs/output_file.h): a sweep
// renames its atlas and its sheet only when both are written and no stop was asked.
Expected<OutputFile> stage_atlas(const std::filesystem::path& path, const SweepAtlas& atlas);

}  // namespace gs
