#include "gs/fields.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "gs/value_floors.h"

namespace gs {

std::string to_string(GridSize size) {
  return std::to_string(size.width) + "x" + std::to_string(size.height);
}

std::optional<std::size_t> first_non_finite_cell(const Fields& fields) {
  for (std::size_t i = 0; i < fields.u.size() && i < fields.v.size(); ++i)
    if (!std::isfinite(fields.u[i]) || !std::isfinite(fields.v[i])) return i;
  return std::nullopt;
}

void floor_state_values(float* first, float* last) {
  std::transform(first, last, first, floored_state_value);
}

void floor_state_values(Fields& fields) {
  floor_state_values(fields.u.data(), fields.u.data() + fields.u.size());
  floor_state_values(fields.v.data(), fields.v.data() + fields.v.size());
}

const Fields& floored_state(const Fields& fields, Fields& scratch) {
  const auto below_floor = [](float x) { return x != 0.0f && floored_state_value(x) == 0.0f; };
  if (std::none_of(fields.u.begin(), fields.u.end(), below_floor) &&
      std::none_of(fields.v.begin(), fields.v.end(), below_floor))
    return fields;
  scratch = fields;
  floor_state_values(scratch);
  return scratch;
}

Status check_grid_size(long width, long height) {
  for (const auto& [name, value] : {std::pair{"width", width}, std::pair{"height", height}}) {
    if (value <= 0)
      return Error{std::string(name) + " must be at least 1 (got " + std::to_string(value) + ")"};
    if (value > kMaxGridDimension)
      return Error{std::string(name) + " " + std::to_string(value) + " is too large (at most " +
                   std::to_string(kMaxGridDimension) + ")"};
  }
  return Status::ok();
}

Status check_fits_in_memory(GridSize size, std::size_t bytes_per_cell, std::size_t extra_bytes) {
  const MemoryAvailable available = memory_available();
  if (available.bytes == 0) return Status::ok();  // unknown: let the allocation decide
  const double needed = double(size.cells()) * double(bytes_per_cell) + double(extra_bytes);
  if (needed > double(available.bytes)) {
    std::ostringstream message;
    message.precision(3);
    message << "grid " << to_string(size) << " needs " << needed / 1e9 << " GB but only "
            << double(available.bytes) / 1e9 << " GB of memory is available" << available.limit;
    return Error{message.str()};
  }
  return Status::ok();
}

Status check_block_fits_in_memory(GridSize grid, int block_rows, int ranks,
                                  std::size_t bytes_per_cell) {
  const Status fits = check_fits_in_memory({grid.width, block_rows}, bytes_per_cell);
  if (fits) return fits;
  const double needed = double(grid.width) * double(block_rows) * double(bytes_per_cell);
  std::ostringstream message;
  message.precision(3);
  message << "grid " << to_string(grid) << " needs " << needed / 1e9 << " GB on each of " << ranks
          << " ranks (" << block_rows << " rows of it each) but only "
          << double(available_memory_bytes()) / 1e9 << " GB of memory is available"
          << memory_available().limit;
  return Error{message.str()};
}

}  // namespace gs
