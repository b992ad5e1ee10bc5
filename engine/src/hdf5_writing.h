// Writing HDF5 datasets and scalar attributes with every call checked: each failure becomes an
// Error carrying HDF5's innermost message (layout::written), read at the failing call. Internal
// to the engine's HDF5 files: the state file's attributes (state_file_layout.h) and the sweep's
// atlas.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string_view>
#include <vector>

#include "gs/output_file.h"
#include "gs/status.h"

namespace gs::hdf5 {

Status write_float_attribute(hid_t object, const char* name, double value);
Status write_int_attribute(hid_t object, const char* name, std::int64_t value);
Status write_uint_attribute(hid_t object, const char* name, std::uint64_t value);
// Variable-length UTF-8, as h5py writes str attributes.
Status write_string_attribute(hid_t object, const char* name, std::string_view value);

// A contiguous dataset of `dims` elements stored as `file_type`, from `data` in `memory_type`.
Status write_dataset(hid_t file, const char* name, hid_t file_type, hid_t memory_type,
                     const std::vector<hsize_t>& dims, const void* data);

// A new file at `path`, its contents written by `contents` into a temporary file beside it that
// is renamed into place once closed (a full disk often shows only at the close); a failure is
// "cannot write 'PATH': why", and leaves nothing.
Status write_new_file(const std::filesystem::path& path,
                      const std::function<Status(hid_t file)>& contents);
// The same, left closed under its temporary name for the caller to commit (gs/output_file.h).
Expected<OutputFile> stage_new_file(const std::filesystem::path& path,
                                    const std::function<Status(hid_t file)>& contents);

}  // namespace gs::hdf5
