// Script mode's parser (script_parser.h): splits the text into lines and words, checks each
// command's arguments and builds its Command. Problems come back without the "<source>:<line>: "
// prefix, which parse_script adds.
#include "script_parser.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <system_error>

#include "gs/launch_shape.h"
#include "gs/params.h"

namespace gs::app {
namespace {

constexpr std::string_view kSpace = " \t\r\v\f";
constexpr long long kMaxSide = 1048576;
constexpr long long kMaxInt = std::numeric_limits<int>::max();

std::string_view trim(std::string_view s) {
  const std::size_t first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t pos = 0;
  while ((pos = s.find_first_not_of(kSpace, pos)) != std::string_view::npos) {
    const std::size_t end = std::min(s.find_first_of(kSpace, pos), s.size());
    words.push_back(s.substr(pos, end - pos));
    pos = end;
  }
  return words;
}

// Quoted for a one-line message: control and non-ASCII bytes as \xNN, and a long word cut
// (a 5 MB line or binary bytes must not reach the terminal raw).
std::string in_quotes(std::string_view s) {
  constexpr std::size_t kShown = 60;
  std::string quoted = "'";
  for (std::size_t i = 0; i < s.size() && i < kShown; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      quoted += char(byte);
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      quoted += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
    }
  }
  if (s.size() > kShown) quoted += "... (" + std::to_string(s.size()) + " bytes)";
  return quoted + "'";
}

// `what` leads every message below: "set F: ", "size: width ", "wait: ".
Expected<double> parse_number(std::string_view token, const std::string& what) {
  double value = 0.0;
  const char* end = token.data() + token.size();
  const auto [ptr, error] = std::from_chars(token.data(), end, value);
  if (error == std::errc::invalid_argument || ptr != end)
    return Error{what + in_quotes(token) + " is not a number"};
  if (error == std::errc::result_out_of_range)
    return Error{what + in_quotes(token) + " is out of range"};
  if (!std::isfinite(value)) return Error{what + in_quotes(token) + " is not a finite number"};
  return value;
}

Expected<int> parse_integer(std::string_view token, const std::string& what, long long lo,
                            long long hi) {
  long long value = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, error] = std::from_chars(token.data(), end, value);
  if (error == std::errc::invalid_argument || ptr != end)
    return Error{what + in_quotes(token) + " is not an integer"};
  const bool negative = !token.empty() && token.front() == '-';
  const bool below = error == std::errc::result_out_of_range ? negative : value < lo;
  const bool above = error == std::errc::result_out_of_range ? !negative : value > hi;
  if (!below && !above) return static_cast<int>(value);
  if (hi != kMaxInt)  // a bounded range: say it whole
    return Error{what + in_quotes(token) + " must be from " + std::to_string(lo) + " to " +
                 std::to_string(hi)};
  return Error{what + in_quotes(token) +
               (below ? " must be at least " + std::to_string(lo)
                      : " is too large (at most " + std::to_string(hi) + ")")};
}

Expected<std::uint64_t> parse_seed(std::string_view token, const std::string& what) {
  std::uint64_t value = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, error] = std::from_chars(token.data(), end, value);
  if (error == std::errc::invalid_argument || ptr != end)
    return Error{what + in_quotes(token) + " is not an unsigned integer"};
  if (error == std::errc::result_out_of_range)
    return Error{what + in_quotes(token) + " is larger than 18446744073709551615"};
  return value;
}

Status choice(bool known, std::string_view value, const std::string& what, const char* choices) {
  if (known) return Status::ok();
  return Error{what + in_quotes(value) + " is not one of " + choices};
}

// Checks the syntax of a `set` value; ranges and presets are the app's to check.
Status check_parameter_value(std::string_view name, std::string_view value) {
  const std::string what = "set " + std::string(name) + ": ";
  for (std::string_view number :
       {"F", "k", "Du", "Dv", "dt", "range-min", "range-max", "brush-radius", "brush-value",
        "map-F-low", "map-F-high", "map-k-low", "map-k-high", "ui-scale", "font-size"})
    if (name == number) {
      // Every settable number is a float: one no float holds is too large, not "not a number".
      Expected<double> parsed = parse_number(value, what);
      if (parsed && std::fabs(*parsed) > double(std::numeric_limits<float>::max()))
        return Error{what + in_quotes(value) + " is too large for a 32-bit float"};
      return parsed.status();
    }
  if (name == "laplacian")
    return choice(parse_laplacian(value).has_value(), value, what,
                  "five-point, nine-point, course");
  if (name == "boundary")
    return choice(parse_boundary(value).has_value(), value, what, "periodic, neumann");
  if (name == "field") return choice(value == "u" || value == "v", value, what, "u, v");
  if (name == "range-auto" || name == "reseed-on-pick" || name == "reseed-on-preset")
    return choice(value == "on" || value == "off", value, what, "on, off");
  if (name == "mode")
    return choice(value == "map" || value == "uniform", value, what, "map, uniform");
  if (name == "filter")
    return choice(value == "nearest" || value == "linear", value, what, "nearest, linear");
  if (name == "kernel")
    return choice(parse_kernel_variant(value).has_value(), value, what, "coalesced, strided");
  if (name == "init")
    return choice(parse_init_pattern(value).has_value(), value, what, "square, spots, noise");
  if (name == "seed") return parse_seed(value, what).status();
  if (name == "block") {
    const std::optional<BlockShape> block = parse_block_shape(value);
    if (!block) return Error{what + in_quotes(value) + " is not WIDTHxHEIGHT (like 32x8)"};
    if (Status status = check_block_shape(*block); !status) return Error{what + status.message()};
  }
  return Status::ok();  // colormap: any word; the app knows its colormaps
}

Expected<Command> parse_set(const std::vector<std::string_view>& words) {
  if (words.size() < 2) return Error{"set needs PARAM VALUE"};
  const std::string name(words[1]);
  const std::vector<std::string>& names = settable_parameters();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::string list;
    for (const std::string& known : names) list += (list.empty() ? "" : ", ") + known;
    return Error{"set: unknown parameter " + in_quotes(name) + " (one of: " + list + ")"};
  }
  if (words.size() != 3) return Error{"set " + name + " needs exactly one VALUE"};
  if (Status status = check_parameter_value(name, words[2]); !status)
    return Error{status.message()};
  return Command{command::SetParameter{name, std::string(words[2])}};
}

Expected<Command> parse_reset(const std::vector<std::string_view>& words) {
  if (words.size() > 3) return Error{"reset takes at most INIT SEED"};
  command::Reset reset;
  if (words.size() >= 2) {
    reset.init = parse_init_pattern(words[1]);
    if (!reset.init)
      return Error{"reset: " + in_quotes(words[1]) + " is not one of square, spots, noise"};
  }
  if (words.size() == 3) {
    Expected<std::uint64_t> seed = parse_seed(words[2], "reset: seed ");
    if (!seed) return Error{seed.message()};
    reset.seed = *seed;
  }
  return Command{reset};
}

// One non-blank, non-comment line, already trimmed.
Expected<Command> parse_command(std::string_view line) {
  const std::vector<std::string_view> words = split_words(line);
  const std::string_view word = words.front();
  const std::string name(word);
  const std::size_t args = words.size() - 1;
  const std::string_view rest = trim(line.substr(word.size()));
  const auto usage = [&](const char* arguments) { return Error{name + " needs " + arguments}; };

  if (word == "set") return parse_set(words);
  if (word == "reset") return parse_reset(words);
  if (word == "preset") {
    if (args != 1) return usage("NAME");
    return Command{command::LoadPreset{std::string(words[1])}};
  }
  if (word == "size") {
    if (args != 2) return usage("WIDTH HEIGHT");
    Expected<int> width = parse_integer(words[1], "size: width ", 1, kMaxSide);
    if (!width) return Error{width.message()};
    Expected<int> height = parse_integer(words[2], "size: height ", 1, kMaxSide);
    if (!height) return Error{height.message()};
    return Command{command::Resize{*width, *height}};
  }
  if (word == "backend") {
    if (args != 1) return usage("cpu, cuda or auto");
    const std::optional<BackendChoice> choice = parse_backend_choice(words[1]);
    if (!choice) return Error{"backend: " + in_quotes(words[1]) + " is not one of cpu, cuda, auto"};
    return Command{command::SelectBackend{*choice}};
  }
  if (word == "transfer") {
    if (args != 1) return usage("interop, host or upload");
    const std::optional<TransferPath> path = parse_transfer_path(words[1]);
    if (!path)
      return Error{"transfer: " + in_quotes(words[1]) + " is not one of interop, host, upload"};
    return Command{command::SelectTransfer{*path}};
  }
  if (word == "steps-per-frame") {
    if (args != 1) return usage("N or auto");
    if (words[1] == "auto") return Command{command::SetStepsPerFrame{std::nullopt}};
    Expected<int> steps = parse_integer(words[1], "steps-per-frame: ", 1, 10000);
    if (!steps) return Error{steps.message()};
    return Command{command::SetStepsPerFrame{*steps}};
  }
  if (word == "run-frames" || word == "step") {
    if (word == "step" && args == 0) return Command{command::Step{1}};
    if (word == "step" && args > 1) return Error{"step takes one optional N"};
    if (args != 1) return usage("N");
    Expected<int> count = parse_integer(words[1], name + ": ", 1, kMaxInt);
    if (!count) return Error{count.message()};
    if (word == "step") return Command{command::Step{*count}};
    return Command{command::RunFrames{*count}};
  }
  if (word == "pause" || word == "run" || word == "quit") {
    if (args != 0) return Error{name + " takes no arguments"};
    if (word == "pause") return Command{command::Pause{}};
    if (word == "run") return Command{command::Run{}};
    return Command{command::Quit{}};
  }
  if (word == "screenshot" || word == "window-screenshot" || word == "save" || word == "load" ||
      word == "capture-folder") {
    // A screenshot without a path gets a timestamped name in the capture folder.
    const bool screenshot = word == "screenshot" || word == "window-screenshot";
    if (rest.empty() && !screenshot) return usage("PATH");
    if (word == "save") return Command{command::SaveState{std::string(rest)}};
    if (word == "load") return Command{command::LoadState{std::string(rest)}};
    if (word == "capture-folder") return Command{command::SetCaptureFolder{std::string(rest)}};
    return Command{command::Screenshot{std::string(rest), word == "window-screenshot"}};
  }
  if (word == "record") {
    if (args == 1 && words[1] == "stop") return Command{command::RecordStop{}};
    if (args < 2 || args > 4 || words[1] != "start")
      return usage("start PATH [STEPS_PER_FRAME] [FPS], or stop");
    command::RecordStart start{std::string(words[2])};
    if (args >= 3) {
      Expected<int> steps = parse_integer(words[3], "record: steps per frame ", 1, 10000);
      if (!steps) return Error{steps.message()};
      start.steps_per_frame = *steps;
    }
    if (args == 4) {
      Expected<int> fps = parse_integer(words[4], "record: fps ", 1, 240);
      if (!fps) return Error{fps.message()};
      start.fps = *fps;
    }
    return Command{start};
  }
  if (word == "pick") {
    if (args != 2) return usage("X Y");
    double at[2] = {0.0, 0.0};
    for (std::size_t i = 0; i < 2; ++i) {
      Expected<double> number = parse_number(words[i + 1], name + ": ");
      if (!number) return Error{number.message()};
      at[i] = *number;
    }
    return Command{command::Pick{float(at[0]), float(at[1])}};
  }
  if (word == "paint" || word == "erase") {
    const bool erase = word == "erase";
    if (erase ? args != 3 : (args < 3 || args > 4))
      return usage(erase ? "X Y RADIUS" : "X Y RADIUS [VALUE]");
    double numbers[4] = {0.0, 0.0, 0.0, 0.5};
    for (std::size_t i = 0; i < args; ++i) {
      Expected<double> number = parse_number(words[i + 1], name + ": ");
      if (!number) return Error{number.message()};
      numbers[i] = *number;
    }
    if (!(numbers[2] > 0.0)) return Error{name + ": the radius must be positive"};
    return Command{command::Paint{float(numbers[0]), float(numbers[1]), float(numbers[2]),
                                  float(numbers[3]), erase}};
  }
  if (word == "caption") return Command{command::Caption{std::string(rest)}};
  if (word == "wait") {
    if (args != 1) return usage("SECONDS");
    Expected<double> seconds = parse_number(words[1], "wait: ");
    if (!seconds) return Error{seconds.message()};
    if (*seconds < 0.0 || *seconds > 3600.0)
      return Error{"wait: " + in_quotes(words[1]) + " must be from 0 to 3600 seconds"};
    return Command{command::Wait{*seconds}};
  }
  return Error{"unknown command " + in_quotes(word)};
}

}  // namespace

const std::vector<std::string>& settable_parameters() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (const SettableParameter& parameter : settable_parameter_table())
      list.push_back(parameter.name);
    return list;
  }();
  return names;
}

Expected<std::vector<ScriptLine>> parse_script(std::string_view text,
                                               std::string_view source_name) {
  std::vector<ScriptLine> lines;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark
  int number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = trim(text.substr(start, end - start));  // also drops '\r'
    start = end + 1;
    ++number;
    if (line.empty() || line.front() == '#') continue;
    Expected<Command> command = parse_command(line);
    if (!command)
      return Error{std::string(source_name) + ":" + std::to_string(number) + ": " +
                   command.message()};
    lines.push_back(ScriptLine{number, std::string(line), std::move(*command)});
  }
  return lines;
}

Expected<std::vector<ScriptLine>> load_script(const std::filesystem::path& path) {
  const auto cannot = [&](const std::string& reason) {
    return Error{"cannot read script '" + path.string() + "': " + reason};
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return cannot("it is a directory");
  errno = 0;
  std::ifstream file(path, std::ios::binary);
  if (!file) return cannot(errno != 0 ? std::generic_category().message(errno) : "cannot open it");
  const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  if (file.bad()) return cannot("reading failed");
  return parse_script(text, path.string());
}

}  // namespace gs::app
