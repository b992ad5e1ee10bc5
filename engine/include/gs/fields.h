// The simulated fields u and v on the host: row-major [height][width] float32 arrays, and the
// checks that a grid size is sane and fits in memory before anything is allocated for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gs/aligned_allocator.h"
#include "gs/status.h"

namespace gs {

struct GridSize {
  int width = 0;
  int height = 0;

  std::size_t cells() const { return std::size_t(width) * std::size_t(height); }
  bool operator==(const GridSize& other) const {
    return width == other.width && height == other.height;
  }
  bool operator!=(const GridSize& other) const { return !(*this == other); }
};

std::string to_string(GridSize size);

// One field's values, cache-line aligned for the vectorised loops.
using FieldData = std::vector<float, CacheAlignedAllocator<float>>;

// A cell's style in a style map (Params::style): s = byte / 255, 0 set A and 255 set B. One byte
// a cell is detail enough and costs a sixteenth of a step's traffic.
using StyleData = std::vector<std::uint8_t>;

struct Fields {
  GridSize size;
  FieldData u;
  FieldData v;
  StyleData style;  // empty where the state has no style map; else a byte per cell

  Fields() = default;
  explicit Fields(GridSize grid) : size(grid), u(grid.cells()), v(grid.cells()) {}
};

// The first cell (row-major index) of u or v that holds NaN or an infinity; nullopt when every
// cell is finite.
std::optional<std::size_t> first_non_finite_cell(const Fields& fields);

// Sets every u and v of magnitude below kStateFloor to 0 (gs/value_floors.h), so a state brought
// in (a file, a starting pattern, painted or received rows) lies where the update's own results
// lie (docs/model.md, "Far from the smallest float"). Backends do it to whatever enters them.
void floor_state_values(float* first, float* last);
void floor_state_values(Fields& fields);
// `fields` when none of its values lies below the floor, else `scratch`, made a floored copy:
// for a backend that uploads from a const state and should copy it only when it must.
const Fields& floored_state(const Fields& fields, Fields& scratch);

// Largest accepted width or height: beyond it no grid is sensible on any machine we target.
inline constexpr long kMaxGridDimension = 1 << 20;

// Rejects sizes that are zero, negative or past kMaxGridDimension.
Status check_grid_size(long width, long height);

// Rejects a grid whose buffers (bytes_per_cell for each cell, plus extra_bytes) would not fit in
// the memory available now. Call before allocating.
Status check_fits_in_memory(GridSize size, std::size_t bytes_per_cell, std::size_t extra_bytes = 0);
// The same for one of `ranks` processes that holds `block_rows` rows of `grid`: a refusal names
// the whole grid the user asked for and what each rank would need.
Status check_block_fits_in_memory(GridSize grid, int block_rows, int ranks,
                                  std::size_t bytes_per_cell);

// Memory this process may still take: the least of the system's MemAvailable, the room left
// under its address-space limit (ulimit -v) and under its cgroup's memory.max (a container's or a
// job's limit); `limit` names the last two where one of them is the least (" (ulimit -v)"), for
// a message. 0 bytes where none is known.
struct MemoryAvailable {
  std::size_t bytes = 0;
  std::string limit;
};
MemoryAvailable memory_available();
std::size_t available_memory_bytes();  // memory_available().bytes

}  // namespace gs
