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
  SweepAxis F;  // the rows: set A's F, or a style map's set B's where F_of_set_b
  SweepAxis k;  // the columns: set A's k, or set B's where k_of_set_b
  bool F_of_set_b = false;
  bool k_of_set_b = false;
  Params params;  // F and k of run (i, j) (set A's or set B's) come from the lattice
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
  // Run r is (i, j) = (r / M, r % M): F[i], k[j], as float as --F and --k take them (the
  // lattice's values, of the set each axis varies).
  Rates rates(int run) const;
  // Run r's set A and set B (the latter meaningful with a style map only).
  Rates set_a(int run) const;
  Rates set_b(int run) const;
  // Set A's of runs [first, first + count); set B's likewise, empty where no axis varies set B.
  std::vector<Rates> set_a_rates(int first, int count) const;
  std::vector<Rates> set_b_rates(int first, int count) const;
  // What the rows and the columns vary: "F" or "style-F", "k" or "style-k".
  std::string F_name() const { return F_of_set_b ? "style-F" : "F"; }
  std::string k_name() const { return k_of_set_b ? "style-k" : "k"; }
};

// Whether the options ask for a sweep (any axis given).
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
