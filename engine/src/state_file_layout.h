// What the engine's HDF5 files hold, written into a file already open: the state file's field
// datasets and attributes, the frames file's dataset. One definition for the files one process
// writes (state_file.cpp, frame_writer.cpp) and the files all ranks write together
// (collective_files.cpp), so both have the same format to the byte of every attribute.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>

#include "gs/fields.h"
#include "gs/params.h"
#include "gs/status.h"
#include "hdf5_handle.h"

namespace gs::layout {

// Ok, or the error HDF5 left on its stack (read at the failing call, before a close clears it).
Status written(bool ok);

// Who writes the file: this process, or every rank together (parallel HDF5).
enum class Writers { OneProcess, AllRanks };

// An empty float32 [height, width] dataset (contiguous, as h5py would make it).
Expected<hdf5::Handle> create_field_dataset(hid_t file, const char* name, GridSize size,
                                            Writers writers = Writers::OneProcess);
// F, k, Du, Dv, dt (float64), laplacian, boundary (UTF-8 strings) and step (int64).
Status write_state_attributes(hid_t file, const Params& params, std::int64_t step);

// The float32 [frame_count, height, width] dataset `frames`, one chunk a frame; `failed` starts
// its error messages.
Expected<hdf5::Handle> create_frames_dataset(hid_t file, GridSize size, int frame_count,
                                             const std::string& failed,
                                             Writers writers = Writers::OneProcess);

}  // namespace gs::layout
