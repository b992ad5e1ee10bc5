// What the engine's HDF5 files hold, written into a file already open (the state file's field
// datasets and attributes, the frames file's dataset) and read back with every check. One
// definition for the files one process writes and reads (state_file.cpp, frame_writer.cpp) and
// those all ranks write and read together (collective_files.cpp): one format, to the byte of
// every attribute, and one set of messages.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>

#include "gs/fields.h"
#include "gs/params.h"
#include "gs/state_file.h"
#include "gs/status.h"
#include "hdf5_handle.h"

namespace gs::layout {

// Ok, or the error HDF5 left on its stack (read at the failing call, before a close clears it).
Status written(bool ok);

// Who writes the file: this process, or every rank together (parallel HDF5).
enum class Writers { OneProcess, AllRanks };

// An empty float32 [height, width] dataset (contiguous, as h5py would make it); of `type` for
// a style map's bytes.
Expected<hdf5::Handle> create_field_dataset(hid_t file, const char* name, GridSize size,
                                            Writers writers = Writers::OneProcess,
                                            hid_t type = H5T_IEEE_F32LE);
// In parameter-map mode, each cell's F and k as datasets "F" and "k" ([height, width], the
// values the step uses), so the description can show where each pattern came from.
Status write_map_rates(hid_t file, GridSize size, const Params& params);
// F, k, Du, Dv, dt (float64), laplacian, boundary, mode ("uniform" or "map", UTF-8 strings), the
// map's ranges in map mode (map_F_low ... map_k_high, float64) and step (int64).
Status write_state_attributes(hid_t file, const Params& params, std::int64_t step);

// The float32 [frame_count, height, width] dataset `frames`, one chunk a frame; `failed` starts
// its error messages.
Expected<hdf5::Handle> create_frames_dataset(hid_t file, GridSize size, int frame_count,
                                             const std::string& failed,
                                             Writers writers = Writers::OneProcess);

// ---- reading, with the checks that give one line naming the problem ----

// `name` opened read-only with these access properties (the MPI-IO driver's, for every rank
// together), once the system says it is a regular file and HDF5 that it is an HDF5 file.
Expected<hdf5::Handle> open_state_file(const std::string& name, hid_t access);
// The grid of a state file's u and v: present, floating point, two dimensions, one shape, a
// grid size the programs take.
Expected<GridSize> check_state_datasets(hid_t file, const std::string& name);
// Rows [first, first + count) of the 2-D dataset `name` into `out` as `memory_type`, in this
// process's own read; false (HDF5's error on its stack) where it failed.
bool read_rows(hid_t file, const char* name, int first, int count, hid_t memory_type, void* out);
// Rows [first, first + count) of dataset `name` (checked above) as float32 into `out`, in this
// process's own read; a missing compression filter is named.
Status read_field_rows(hid_t file, const char* name, int first, int count, float* out,
                       const std::string& path);
// The attributes into state.params and state.step, each checked.
Status read_state_attributes(hid_t file, const std::string& name, StateFile& state);

}  // namespace gs::layout
