// What every backend shares: the kinds' names, the answer of a backend without the GPU's
// measurements, a range at once where nothing runs behind the host, rows between backends
// through host memory, and the check of a row range.
#include "gs/backend.h"

namespace gs {

Expected<DisplayPathTimes> Backend::measure_display_paths(int) {
  return Error{"the display paths are a GPU measurement: the " + name() + " backend has none"};
}

Expected<GraphCosts> Backend::measure_graph_costs(int) {
  return Error{"step graphs are a GPU measurement: the " + name() + " backend has none"};
}

Expected<std::optional<ValueRange>> Backend::recent_field_range(DisplayField field) {
  Expected<ValueRange> now = field_range(field);
  if (!now) return now.status();
  return std::optional<ValueRange>(*now);
}

Status Backend::copy_rows_from(Backend& source, int first, int count, int into) {
  if (&source == this) return Error{"copy rows: a backend copies rows from another one"};
  Fields rows;
  GS_TRY(source.read_rows(first, count, rows));
  return write_rows(into, rows);
}

Status check_rows(GridSize grid, int first, int count, const Fields* rows) {
  if (first < 0 || count < 0 || long(first) + count > grid.height)
    return Error{"rows " + std::to_string(first) + " to " + std::to_string(long(first) + count) +
                 " are not within the grid's " + std::to_string(grid.height) + " rows"};
  if (rows && (rows->size.width != grid.width || rows->u.size() != rows->size.cells() ||
               rows->v.size() != rows->size.cells()))
    return Error{"rows of " + to_string(rows->size) + " do not fit the grid " + to_string(grid)};
  return Status::ok();
}

}  // namespace gs
