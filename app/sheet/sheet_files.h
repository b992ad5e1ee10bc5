// Where grayscott-sheet writes, and the check that it never writes over what it reads: the sheet
// and every thumbnail are compared with every input by identity (device and inode, or the
// resolved path), as grayscott-batch compares its files, so "st.h5", "./st.h5" and a symlink to
// it are one file, and a thumbnail folder of "." cannot replace an input called st.png.
#pragma once

#include <filesystem>
#include <string>

#include "gs/status.h"
#include "sheet_options.h"

namespace gs::sheet {

// The thumbnail of `input` in `folder`: its stem with .png.
std::filesystem::path thumbnail_path(const std::filesystem::path& folder, const std::string& input);

// An error naming the output and the input it would overwrite, or the sheet and the thumbnail
// that are one file.
Status check_outputs_apart(const SheetOptions& options);

}  // namespace gs::sheet
