// The sweep sheet's axes: each row's F to its left and each column's k under it, at a tick on the
// sheet's edge, as the app's parameter map labels its axes. A label that would overlap the one
// before it is left out (its tick stays), so dense sweeps stay readable.
#pragma once

#include <string>
#include <vector>

#include "contact_sheet.h"
#include "rgb_image.h"
#include "sheet_text.h"

namespace gs::batch {

inline constexpr int kTickPx = 5;     // a tick's length, out from the sheet's edge
inline constexpr int kTickGapPx = 3;  // between a tick and its label

// A lattice value with as few digits as tell the values apart in practice ("0.0525", not
// "0.052500"), for the ticks and the sheet's title.
std::string sweep_value_text(double value);

// `sheet` (laid out as `layout`) with a margin on the left for `row_values` (top row first) and
// one below for `column_values` (left column first); the tiles keep their places within it.
sheet::RgbImage with_sweep_axes(const sheet::RgbImage& sheet, const sheet::SheetLayout& layout,
                                const std::vector<double>& row_values,
                                const std::vector<double>& column_values,
                                const sheet::SheetFont& font);

}  // namespace gs::batch
