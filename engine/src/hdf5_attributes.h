// Strict readers of the scalar attributes of the engine's HDF5 files. An absent attribute is
// nullopt; one that is present but not a single value of the expected kind (an array, a string
// where a number belongs, h5py's bool, a complex number) is an error naming the attribute and
// what was expected, never a value read past a buffer or silently dropped.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <optional>
#include <string>

#include "gs/status.h"

namespace gs::hdf5 {

// A floating-point or integer attribute, as a double.
Expected<std::optional<double>> read_number_attribute(hid_t object, const char* name);
// An integer attribute within [low, high].
Expected<std::optional<std::int64_t>> read_integer_attribute(hid_t object, const char* name,
                                                             std::int64_t low, std::int64_t high);
// A string attribute, variable-length (h5py's default) or fixed-length.
Expected<std::optional<std::string>> read_string_attribute(hid_t object, const char* name);

}  // namespace gs::hdf5
