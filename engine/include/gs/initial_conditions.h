// Starting states users expect (docs/model.md): Pearson's square, random spots, noise, and grown
// spots (a field that looks developed from its first frame). Every pattern is a pure function of
// the grid size and the seed: same seed, same bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "gs/enum_names.h"
#include "gs/fields.h"

namespace gs {

enum class InitPattern { Square, Spots, Noise, GrownSpots };

inline constexpr EnumNames<InitPattern, 4> kInitPatternNames{
    {{InitPattern::Square, "square"},
     {InitPattern::Spots, "spots"},
     {InitPattern::Noise, "noise"},
     {InitPattern::GrownSpots, "grown-spots"}}};
constexpr const auto& enum_names(InitPattern) {
  return kInitPatternNames;
}

// Fills a new pair of fields of the given size. The caller checks the size fits in memory.
Fields make_initial_fields(GridSize size, InitPattern pattern, std::uint64_t seed);

// Rows [first, first + count) of the grid make_initial_fields(grid, ...) fills, to the bit,
// without the rest (one rank's block of a grid over ranks): rows before 0 or past the grid wrap
// around it, as a periodic grid's halo rows do, and may repeat where count passes the grid's
// height. The work is the whole grid's random numbers; the memory is the rows'.
Fields make_initial_rows(GridSize grid, InitPattern pattern, std::uint64_t seed, int first,
                         int count);

}  // namespace gs
