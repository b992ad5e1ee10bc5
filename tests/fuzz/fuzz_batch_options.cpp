// Fuzzes grayscott-batch's command line (parse_command_line, as main() calls it): the input split
// at NUL or newline into arguments after the program's name. Help and errors go to nowhere.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "batch_options.h"
#include "fuzz_arguments.h"
#include "fuzz_temp_file.h"
#include "gs/fields.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gs::fuzz::silence_standard_streams();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gs::fuzz::FuzzArguments arguments("grayscott-batch", data, size);
  const gs::batch::ParsedCommandLine parsed =
      gs::batch::parse_command_line(arguments.argc(), arguments.argv());
  if (parsed.exit_code) {
    if (*parsed.exit_code < 0 || *parsed.exit_code > 2) std::abort();  // 0 help, 2 usage error
    return 0;
  }
  // What parsing lets through reaches the run as it is: sizes and counts within their ranges.
  const gs::batch::BatchOptions& o = parsed.options;
  const auto bad_side = [](const std::optional<long>& side) {
    return side && (*side < 1 || *side > gs::kMaxGridDimension);
  };
  if (o.threads < 0 || bad_side(o.width) || bad_side(o.height) || (o.steps && *o.steps < 0) ||
      (o.frames && *o.frames < 1) || (o.steps_per_frame && *o.steps_per_frame < 1))
    std::abort();
  return 0;
}
