// grayscott-sheet's outputs against its inputs (sheet_files.h).
#include "sheet_files.h"

#include <vector>

#include "gs/output_file.h"

namespace gs::sheet {

namespace fs = std::filesystem;

fs::path thumbnail_path(const fs::path& folder, const std::string& input) {
  return folder / (fs::path(input).stem().string() + ".png");
}

Status check_outputs_apart(const SheetOptions& options) {
  std::vector<fs::path> thumbnails;
  if (options.thumbnails)
    for (const std::string& input : options.inputs)
      thumbnails.push_back(thumbnail_path(*options.thumbnails, input));
  const auto overwrites_input = [&](const std::string& what, const fs::path& path) -> Status {
    for (const std::string& input : options.inputs)
      if (names_same_file(path, input))
        return Error{what + " '" + path.string() + "' is the input '" + input +
                     "': it would be overwritten"};
    return Status::ok();
  };
  if (options.output) GS_TRY(overwrites_input("--output", *options.output));
  for (const fs::path& thumbnail : thumbnails) {
    GS_TRY(overwrites_input("the thumbnail", thumbnail));
    // Two thumbnails are one file only when their inputs share a stem, which run() refuses by
    // name.
    if (options.output && names_same_file(*options.output, thumbnail))
      return Error{"--output and the thumbnail '" + thumbnail.string() + "' are the same file"};
  }
  return Status::ok();
}

}  // namespace gs::sheet
