// Starting states users expect (docs/model.md): Pearson's square, random spots, noise.
// Every pattern is a pure function of the grid size and the seed: same seed, same bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "gs/fields.h"

namespace gs {

enum class InitPattern { Square, Spots, Noise };

std::string_view to_string(InitPattern pattern);
std::optional<InitPattern> parse_init_pattern(std::string_view name);

// Fills a new pair of fields of the given size. The caller checks the size fits in memory.
Fields make_initial_fields(GridSize size, InitPattern pattern, std::uint64_t seed);

}  // namespace gs
