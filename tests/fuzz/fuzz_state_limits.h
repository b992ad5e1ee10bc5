// The fuzz targets that read state files skip a file declaring a grid that fits in memory but is
// too large to read at fuzzing speed (a mutated shape can declare gigabytes the machine has: a
// real allocation, not a bug). Grids past the memory available still go to the reader, whose
// memory check must refuse them.
#pragma once

#include <string>

namespace gs::fuzz {

bool too_large_to_read(const std::string& path);

}  // namespace gs::fuzz
