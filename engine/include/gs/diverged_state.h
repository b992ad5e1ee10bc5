// A state that holds NaN or infinity (a diverged simulation), as every program names and refuses
// it: grayscott-batch for --input, the app for `load` and `save`.
#pragma once

#include <optional>
#include <string>

#include "gs/fields.h"

namespace gs {

// "x,y" of the first cell (row-major) whose u or v is NaN or infinite; nullopt when all are finite.
std::optional<std::string> first_non_finite_cell_text(const Fields& fields);

// The refusal of a state file to continue from: "'PATH' holds NaN or infinity (first at cell
// x,y): a diverged state cannot be continued".
std::string diverged_input_message(const std::string& path, const std::string& cell);

}  // namespace gs
