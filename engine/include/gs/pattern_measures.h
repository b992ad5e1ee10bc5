// Simple measures of a Gray-Scott field, enough to tell the classes of pattern the presets claim
// apart: how much of the grid has left the trivial state (u = 1, v = 0), how the active cells
// group (small spots, long stripes, a sea with holes), and whether the pattern moves. The presets'
// test classifies with them, and a parameter sweep records them for every run.
#pragma once

#include <string>

#include "gs/fields.h"

namespace gs {

struct FieldMeasures {
  double active_fraction = 0;       // cells with v above the threshold
  double v_spread = 0;              // standard deviation of v over the grid
  int active_parts = 0;             // connected groups of active cells (edges wrap)
  double in_small_parts = 0;        // share of active cells in spot-sized groups
  int quiet_parts = 0;              // connected groups of inactive cells
  double quiet_in_small_parts = 0;  // share of inactive cells in hole-sized groups
};

FieldMeasures measure_field(const Fields& fields);

// The share of cells whose active flag differs between two fields of one grid.
double changed_fraction(const Fields& before, const Fields& after);

// A pattern moves when more than this share of the cells changed their active flag between two
// fields some hundreds of steps apart.
inline constexpr double kMovingChangedFraction = 0.02;
// The steps between those two fields for a run of `steps`: 500, or a quarter of a short run.
inline long long motion_window(long long steps) {
  return steps / 4 < 500 ? steps / 4 : 500;
}

// "dead", "uniform", "spots", "stripes", "mixed" (spots and stripes) or "holes".
std::string classify_shape(const FieldMeasures& m);

}  // namespace gs
