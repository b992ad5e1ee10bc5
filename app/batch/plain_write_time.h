// The disk's own speed, beside the course run with its frames file: the seconds a plain
// sequential write of as many bytes takes in the same folder (through the page cache, as HDF5's
// writes go), so the table can say how close the overlapped run comes to the disk.
#pragma once

#include <cstdint>
#include <filesystem>

#include "gs/status.h"

namespace gs::batch {

// Writes `bytes` of zeros into a file of its own in `folder`, then removes it; the seconds taken.
Expected<double> plain_write_seconds(const std::filesystem::path& folder, std::uint64_t bytes);

}  // namespace gs::batch
