// A parameter sweep, fully resolved from the command line: the N x M lattice of (F, k) (N along
// F, M along k), the parameters every run shares (defaults < --preset < explicit values; the
// sweep sets F and k), the one starting state every run begins from, the steps, and where the
// atlas and the contact sheet go. Every check that needs no simulation happens here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "batch_options.h"
#include "gs/backend_options.h"
#include "gs/cell_update.h"
#include "gs/fields.h"
#include "gs/params.h"
#include "gs/status.h"

namespace gs::batch {

inline constexpr GridSize kDefaultSweepGrid{256, 256};

struct SweepPlan {
  BackendOptions backend;
  SweepAxis F;
  SweepAxis k;
  Params params;  // F and k of run (i, j) come from the lattice
  Fields initial;
  std::string init;
  std::uint64_t seed = 1;
  long long steps = 0;
  long long motion_steps = 0;  // the last steps over which a run's motion is measured
  std::filesystem::path atlas;
  bool xdmf = true;  // the atlas's XDMF description beside it (gs/xdmf_file.h)
  std::optional<std::filesystem::path> sheet;
  int sheet_tile_px = 128;

  int runs() const { return F.count * k.count; }
  // Run r is (i, j) = (r / M, r % M): F[i], k[j], as float as --F and --k take them.
  Rates rates(int run) const;
  std::vector<Rates> rates(int first, int count) const;
};

// Whether the options ask for a sweep (either axis given).
bool wants_sweep(const BatchOptions& options);

// The options the sweep refuses or requires, its lattice, its parameters at every corner of the
// lattice, the grid and its memory, and its outputs (writable, apart, a sheet within the size
// limit, room for the atlas): all before the first step.
Expected<SweepPlan> build_sweep(const BatchOptions& options);

// The runs dealt to `rank` of `ranks`: a contiguous block, the first runs % ranks ranks taking
// one more.
struct RunBlock {
  int first = 0;
  int count = 0;
};
RunBlock run_block(int runs, int ranks, int rank);

}  // namespace gs::batch
