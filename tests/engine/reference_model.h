// An independent double-precision scalar model of docs/model.md, written plainly (a weight table
// for each Laplacian, index arithmetic per neighbour), for checking the engine against.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "gs/backend.h"
#include "gs/cpu_twin_backend.h"
#include "gs/fields.h"
#include "gs/params.h"

namespace gs::test {

struct ReferenceFields {
  int width = 0;
  int height = 0;
  std::vector<double> u;
  std::vector<double> v;
  std::vector<std::uint8_t> style;  // a style map's bytes, read in style-map mode
};

ReferenceFields to_reference(const Fields& fields);
void reference_step(ReferenceFields& fields, const Params& params);

// Uniform random u in [0, 1) and v in [0, 0.5) (so the reaction stays bounded), from the seed.
Fields random_fields(GridSize size, std::uint64_t seed);
// A style map of uniform random bytes, with cells of style 0 and 255 among them.
StyleData random_style(GridSize size, std::uint64_t seed);

// A display buffer or read-back frame against a field of the state (a cache-aligned vector),
// bit for bit.
inline bool same_values(const std::vector<float>& shown, const FieldData& field) {
  return shown.size() == field.size() && std::equal(shown.begin(), shown.end(), field.begin());
}

// max |a - b| / max |b| over both fields: the error relative to the field's scale.
double relative_error(const Fields& actual, const ReferenceFields& expected);
double relative_error(const Fields& actual, const Fields& expected);

// Copies `start` in, runs `steps` steps and copies the result out; a failing call fails the test.
Fields run_steps(Backend& backend, const Fields& start, const Params& params, int steps);
// Rows read from `backend` after a few steps equal those rows of the whole state; rows written
// land where asked and nowhere else; ranges past the grid and rows of another width are
// refused. For any backend.
void check_row_access(Backend& backend);
// Rows copied from `source` into `target` (Backend::copy_rows_from) are the source's after the
// steps queued on it before the copy, not after those queued behind it; they land where asked
// and nowhere else, the source keeps its state, and ranges past either grid, another width and
// a copy from itself are refused. For any two backends.
void check_rows_between(Backend& source, Backend& target);

// The same on a fresh CPU twin (its fast path unless told otherwise).
Fields run_twin(const Fields& start, const Params& params, int steps, int threads = 0,
                CpuTwinPath path = CpuTwinPath::Fast);

// "five_point_periodic": a test-name-safe label for parameterised tests.
std::string case_name(Laplacian laplacian, Boundary boundary);

// Every Laplacian with every boundary, for INSTANTIATE_TEST_SUITE_P, with its test names.
using StencilCase = std::tuple<Laplacian, Boundary>;
inline auto all_stencil_cases() {
  return ::testing::Combine(
      ::testing::Values(Laplacian::FivePoint, Laplacian::NinePoint, Laplacian::Course),
      ::testing::Values(Boundary::Periodic, Boundary::Neumann));
}
std::string stencil_case_name(const ::testing::TestParamInfo<StencilCase>& info);

// Parameters that are stable for each Laplacian (the course's, Pearson's, Sims').
Params stable_params(Laplacian laplacian, Boundary boundary);

}  // namespace gs::test
