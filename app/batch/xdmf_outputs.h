// The XDMF descriptions grayscott-batch writes beside its HDF5 outputs (gs/xdmf_file.h), checked
// before the first step as the outputs are: each writable, and none the same file as another
// output, another's description or the input (--output run.h5 --frames-output run.hdf5 would
// share run.xmf).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "distinct_files.h"
#include "gs/status.h"

namespace gs::batch {

// `described`: the HDF5 outputs that get a description; `others`: the files the run reads or
// writes besides (the input and pictures, a contact sheet).
Status check_xdmf_outputs(const std::vector<NamedFile>& described,
                          const std::vector<NamedFile>& others);

}  // namespace gs::batch
