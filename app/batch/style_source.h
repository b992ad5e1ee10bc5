// The style map a batch run steps with (Params::style, Fields::style), from the first source
// that gives one: the options' picture or gradient (style_options.h), then the state an --input
// brings, then a styled --preset's own gradient (gs/presets.h). Any band of a grid's rows is
// made alone, to the bit, so each rank of a run over ranks makes only its own.
#pragma once

#include <optional>
#include <string>

#include "batch_options.h"
#include "gs/fields.h"
#include "gs/presets.h"
#include "gs/status.h"

namespace gs::batch {

// The preset --preset names (nullopt without one), or why it cannot be had.
Expected<std::optional<Preset>> chosen_preset(const BatchOptions& options);

// Where a made map comes from, for the run's report: "gradient radial", "picture 'a.png'".
struct StyleRows {
  StyleData rows;
  std::string source;
};

// Rows [first, first + count) of `grid` of the map the options' picture or gradient gives, else
// the styled preset's gradient; nullopt where neither gives one. A picture that cannot be used
// is one line naming the file and why.
Expected<std::optional<StyleRows>> made_style_rows(const BatchOptions& options,
                                                   const std::optional<Preset>& preset,
                                                   GridSize grid, int first, int count);

// Whether --style-preset or --style-F/k/Du/Dv set set B of a style map.
bool names_set_b(const BatchOptions& options);

}  // namespace gs::batch
