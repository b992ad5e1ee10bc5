#include "distinct_files.h"

#include "gs/output_file.h"

namespace gs::batch {

std::vector<NamedFile> input_files(const BatchOptions& options) {
  std::vector<NamedFile> inputs;
  if (options.input) inputs.push_back({"--input", *options.input});
  if (options.init_image) inputs.push_back({"--init-image", *options.init_image});
  if (options.style.image) inputs.push_back({"--style-image", *options.style.image});
  return inputs;
}

Status check_outputs_apart(const std::vector<NamedFile>& inputs,
                           const std::vector<NamedFile>& outputs) {
  const auto same = [](const NamedFile& a, const NamedFile& b) -> Status {
    if (!names_same_file(a.path, b.path)) return Status::ok();
    return Error{a.option + " and " + b.option + " name the same file '" + printable_path(b.path) +
                 "'"};
  };
  for (std::size_t o = 0; o < outputs.size(); ++o) {
    for (const NamedFile& input : inputs) GS_TRY(same(input, outputs[o]));
    for (std::size_t other = 0; other < o; ++other) GS_TRY(same(outputs[other], outputs[o]));
  }
  return Status::ok();
}

}  // namespace gs::batch
