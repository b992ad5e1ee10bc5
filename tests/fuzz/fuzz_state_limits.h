// The fuzz targets that read state files skip a file declaring a grid that fits in memory but is
// too large to read at fuzzing speed (a mutated shape can declare gigabytes the machine has: a
// real allocation, not a bug). Grids past the memory available still go to the reader, whose
// memory check must refuse them.
#pragma once

#include <string>

namespace gs::fuzz {

bool too_large_to_read(const std::string& path);

// Ends one input's use of libhdf5 as the programs end theirs (and starts the first): each state
// file is read by a reader process of its own, so no file sees what an earlier one left in the
// library. A damaged file can leave a file open inside libhdf5 (its close fails); the next input's
// temporary file may get the same inode, and libhdf5 would take it for that open file and read
// through its stale caches. H5close closes everything and frees the free lists; the next call
// starts it afresh.
void start_hdf5_afresh();

}  // namespace gs::fuzz
