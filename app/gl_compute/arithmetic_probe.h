// Whether gs_fma and gs_divide (shaders/gs_arithmetic.glsl) round once on this driver: the probe
// shader runs them on cases whose once-rounded results the host knows (its own fmaf and
// division), the hard ones first (a product that a second rounding would move, sums a double
// rounding would tie wrongly), then a spread of others. GLSL lets fma() round twice; where it
// does, the backend uses the exact formulation, which this probe checks too.
#pragma once

#include <string>

#include "compute_programs.h"
#include "gs/status.h"

namespace gs::gl_compute {

struct ArithmeticProbe {
  bool rounds_once = false;
  // The first case that differed, for the description and the tests ("" when none).
  std::string first_difference;
  int cases = 0;
};

// Runs the probe with `programs`' formulation. An error where the shader cannot run at all.
Expected<ArithmeticProbe> probe_arithmetic(ComputePrograms& programs);

}  // namespace gs::gl_compute
