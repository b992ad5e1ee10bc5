// Disk space for a file that all ranks write together, reserved before any of them writes:
// parallel HDF5 cannot fail part-way alike on every rank (a full disk found by some ranks in a
// collective close left the others waiting inside HDF5 for ever), so a full disk is found here,
// by one rank, with the system's reason. Builds with MPI only (rank_files.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "gs/status.h"

namespace gs::batch {

// Whether the disk of `path` (a file to be created) has `bytes` free, asked before HDF5 writes
// anything: even an empty HDF5 file is written to when closed.
Status check_free_space(const std::filesystem::path& path, std::uintmax_t bytes,
                        const std::string& shown);

// Reserves `bytes` for the existing file at `path` without changing its size (its blocks past
// the end, for the writes to come). A filesystem that cannot reserve is no error: the writes
// find out. Messages name `shown` ("cannot write 'o.h5': No space left on device ...").
Status reserve_space(const std::filesystem::path& path, std::uintmax_t bytes,
                     const std::string& shown);

// Gives back what the finished file did not use: its blocks past its end.
void release_unused_space(const std::filesystem::path& path);

// Empties an abandoned file on a disk that is (all but) full, so that what the ranks must still
// write to close it together (HDF5's metadata) finds room on the disk it filled.
void free_space(const std::filesystem::path& path);

}  // namespace gs::batch
