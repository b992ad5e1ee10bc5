// grayscott-sheet's outputs against its inputs (sheet_files.h).
#include "sheet_files.h"

#include <utility>
#include <vector>

#include "gs/output_file.h"

namespace gs::sheet {

namespace fs = std::filesystem;

fs::path thumbnail_path(const fs::path& folder, const std::string& input) {
  return folder / (fs::path(input).stem().string() + ".png");
}

Status check_outputs_apart(const SheetOptions& options) {
  // (what it is, path) for every file the run writes.
  std::vector<std::pair<std::string, fs::path>> outputs;
  if (options.output) outputs.emplace_back("--output", *options.output);
  if (options.thumbnails)
    for (const std::string& input : options.inputs)
      outputs.emplace_back("the thumbnail", thumbnail_path(*options.thumbnails, input));
  for (std::size_t a = 0; a < outputs.size(); ++a) {
    const auto& [what, path] = outputs[a];
    for (const std::string& input : options.inputs)
      if (names_same_file(path, input))
        return Error{what + " '" + path.string() + "' is the input '" + input +
                     "': it would be overwritten"};
    for (std::size_t b = a + 1; b < outputs.size(); ++b)
      if (names_same_file(path, outputs[b].second))
        return Error{what + " and " + outputs[b].first + " are the same file '" + path.string() +
                     "'"};
  }
  return Status::ok();
}

}  // namespace gs::sheet
