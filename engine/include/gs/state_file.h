// The HDF5 state file: datasets u and v (float32, [height, width], row-major) and attributes
// F, k, Du, Dv, dt, laplacian, boundary and step. Written by grayscott-batch and the app alike;
// a file holding only u and v is valid.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>

#include "gs/fields.h"
#include "gs/param_overrides.h"
#include "gs/params.h"
#include "gs/status.h"
#include "gs/xdmf_file.h"

namespace gs {

struct StateFile {
  Fields fields;
  ParamOverrides params;  // the attributes the file has
  std::optional<std::int64_t> step;
};

// False in a build without HDF5 (GS_HDF5=OFF), where the file functions fail saying so.
bool hdf5_available();

// Checks the datasets' presence, type (floating point), rank and shapes, and that the grid
// fits in memory, before reading anything large. `run_bytes_per_cell` is what the caller's whole
// run will hold per cell (the fields read here included): the check uses it, so a small file
// declaring a large grid is refused before anything is allocated, not half-way through the run.
// The file is read by a process of its own (grayscott-state-reader), where a crafted file that
// crashes or hangs libhdf5 costs only that process: the caller gets a one-line error.
Expected<StateFile> read_state(const std::filesystem::path& path,
                               std::size_t run_bytes_per_cell = 2 * sizeof(float));

// What a caller reading in the background (the app) follows of the read, and how it stops it.
struct StateReadWatch {
  // The share of the fields read so far, 0 to 1, called from the reading thread.
  std::function<void(double fraction)> progress;
  // Set (from any thread) to stop the read: it then fails as "cancelled".
  const std::atomic<bool>* cancel = nullptr;
};
Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                               const StateReadWatch& watch);

// The file read through as read_state reads it (in a child process, every row, with the same
// time limits), keeping no fields: its parameters, step and grid size (fields.size, no cells).
// For one process to check a file for several that then each read a part of it (MPI ranks).
Expected<StateFile> check_state(const std::filesystem::path& path);

// Writes to a temporary name beside path and renames it when complete; with XdmfFile::Write its
// description (gs/xdmf_file.h) beside it, renamed with it.
Status write_state(const std::filesystem::path& path, const Fields& fields, const Params& params,
                   std::int64_t step, XdmfFile xdmf = XdmfFile::Skip);

}  // namespace gs
