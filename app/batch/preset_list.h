// The shipped presets as grayscott-batch lists them (--list-presets): one row per preset for
// people, or a JSON array for scripts (the preset gallery reads it), with each preset's
// parameters, recommended start and steps, what it shows and where it comes from.
#pragma once

#include <iosfwd>

#include "gs/presets.h"

namespace gs::batch {

// Columns: name, F, k, start, steps, shows (pattern and motion), description. The first three
// words of a row (name, F, k) and the next two (start, steps) contain no spaces.
void print_preset_table(std::ostream& out, const PresetLibrary& library);
void print_preset_json(std::ostream& out, const PresetLibrary& library);

}  // namespace gs::batch
