// Fuzzes grayscott-batch's command line (parse_command_line, as main() calls it): the input split
// at NUL or newline into arguments after the program's name. Help and errors go to nowhere.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "batch_options.h"
#include "fuzz_temp_file.h"
#include "gs/fields.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gs::fuzz::silence_standard_streams();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // N separators make N + 1 arguments ("--F\n" is `--F ''`); no bytes, no arguments.
  std::vector<std::string> words{"grayscott-batch"};
  if (size > 0) words.emplace_back();
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\0' || data[i] == '\n')
      words.emplace_back();
    else
      words.back().push_back(char(data[i]));
  }
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);

  const gs::batch::ParsedCommandLine parsed =
      gs::batch::parse_command_line(int(words.size()), argv.data());
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
