// A state file's style map (Params::style): the optional uint8 [height, width] dataset `style`
// beside u and v, and set B as the float64 attributes style_F, style_k, style_Du and style_Dv.
// A file without them is a state with no style map, as every older file is. The same checks as
// u's and v's: stored in the file itself (no link, no external storage), two dimensions, the
// grid's shape; any integer type, converted (values past 255 are 255).
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>

#include "gs/fields.h"
#include "gs/param_overrides.h"
#include "gs/params.h"
#include "gs/status.h"
#include "hdf5_handle.h"
#include "state_file_layout.h"

namespace gs::layout {

// The empty dataset `style` of `grid`, for one process or every rank to write.
Expected<hdf5::Handle> create_style_dataset(hid_t file, GridSize grid,
                                            Writers writers = Writers::OneProcess);
// The style map of `fields` (which has one), as dataset `style`, by one process.
Status write_style_dataset(hid_t file, const Fields& fields);
// Set B of `style`, as the four style_ attributes.
Status write_style_attributes(hid_t file, const StyleMix& style);

// Whether the file has a style map, checked against the grid of its u and v.
Expected<bool> check_style_dataset(hid_t file, GridSize grid, const std::string& path);
// Rows [first, first + count) of the style map into `out`.
Status read_style_rows(hid_t file, int first, int count, std::uint8_t* out,
                       const std::string& path);
// The style_ attributes the file has.
Expected<StyleSetOverrides> read_style_attributes(hid_t file, const std::string& path);

}  // namespace gs::layout
