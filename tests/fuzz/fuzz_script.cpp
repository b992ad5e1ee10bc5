// Fuzzes script mode's parser through parse_script, the entry point the app's load_script uses:
// the input as a whole script, then each of its lines alone (a bad first line hides the rest).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "script_parser.h"

namespace {

// A parse's answer as the app relies on it: lines in order, or "<source>:<line>: <problem>".
void parse_and_check(std::string_view text) {
  constexpr std::string_view kSource = "fuzz.gs";
  const gs::Expected<std::vector<gs::app::ScriptLine>> script =
      gs::app::parse_script(text, kSource);
  if (script) {
    int previous = 0;
    for (const gs::app::ScriptLine& line : *script) {
      if (line.number <= previous || line.text.empty() || line.text.front() == '#') std::abort();
      previous = line.number;
    }
  } else if (std::string_view(script.message()).substr(0, kSource.size() + 1) != "fuzz.gs:") {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  parse_and_check(text);
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    parse_and_check(text.substr(start, end - start));
    start = end + 1;
  }
  return 0;
}
