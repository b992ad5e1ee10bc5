// Datasets whose values live somewhere else: a link to another file or another place in this one,
// raw storage in external files (HDF5 reads any local file named there, /etc/passwd as readily as
// a field), or a virtual dataset mapping other files. A reader given a state file reads that file
// and nothing the user did not name, so each of these is refused before the dataset is opened.
// Internal to the engine's HDF5 readers.
#pragma once

#include <hdf5.h>

#include <string>

#include "gs/status.h"

namespace gs::hdf5 {

// The link `name` in `file` (not followed): anything but a plain (hard) link is refused, with
// `label` ("'PATH': dataset 'u'") starting the message.
Status check_plain_link(hid_t file, const char* name, const std::string& label);

// An opened dataset whose storage is external raw files or a virtual mapping is refused.
Status check_stored_inside(hid_t dataset, const std::string& label);

}  // namespace gs::hdf5
