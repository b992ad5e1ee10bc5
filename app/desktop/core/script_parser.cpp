// Script mode's parser (script_parser.h): splits the text into lines and words, checks each
// command's arguments and builds its Command. Problems come back without the "<source>:<line>: "
// prefix, which parse_script adds.
#include "script_parser.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "controls.h"
#include "field_view.h"
#include "gs/fields.h"
#include "gs/initial_conditions.h"
#include "script_style.h"
#include "script_words.h"
#include "seed_image_words.h"

namespace gs::app {
namespace {

Expected<Command> parse_set(const std::vector<std::string_view>& words) {
  if (words.size() < 2) return Error{"set needs PARAM VALUE"};
  const std::string name(words[1]);
  const ControlSpec* spec = find_control(name);
  if (!spec) {
    std::string list;
    for (const ControlSpec& known : control_registry())
      list += (list.empty() ? "" : ", ") + std::string(known.name);
    return Error{"set: unknown parameter " + in_quotes(name) + " (one of: " + list + ")"};
  }
  if (words.size() != 3) return Error{"set " + name + " needs exactly one VALUE"};
  Expected<ControlValue> value = spec->parse(words[2]);
  if (!value) return Error{"set " + name + ": " + value.message()};
  return std::visit(
      [&](auto control) {
        if constexpr (std::is_same_v<decltype(control), SimulationControl>)
          return Command{command::SetSimulation{control, std::move(*value)}};
        else
          return Command{command::SetView{control, std::move(*value)}};
      },
      spec->control);
}

// `favourite add NAME` and `favourite remove KEY`: the presets behind keys 1-9.
Expected<Command> parse_favourite(const std::vector<std::string_view>& words) {
  if (words.size() == 3 && words[1] == "add")
    return Command{command::AddFavourite{std::string(words[2])}};
  if (words.size() == 3 && words[1] == "remove") {
    Expected<int> key = parse_integer(words[2], "favourite remove: key ", 1, 9);
    if (!key) return Error{key.message()};
    return Command{command::RemoveFavourite{*key}};
  }
  return Error{"favourite needs add NAME, or remove KEY"};
}

// `view zoom Z`, `view center X Y`, `view reset`: zoom and pan, in grid cells.
Expected<Command> parse_view(const std::vector<std::string_view>& words) {
  if (words.size() == 2 && words[1] == "reset") return Command{command::ViewReset{}};
  if (words.size() == 3 && words[1] == "zoom") {
    Expected<double> zoom = parse_number(words[2], "view zoom: ");
    if (!zoom) return Error{zoom.message()};
    if (!(*zoom >= 1.0 && *zoom <= kMaxZoom))
      return Error{"view zoom: " + in_quotes(words[2]) + " must be from 1 to " +
                   number_text(kMaxZoom)};
    return Command{command::ViewZoom{float(*zoom)}};
  }
  if (words.size() == 4 && words[1] == "center") {
    double at[2] = {0.0, 0.0};
    for (std::size_t i = 0; i < 2; ++i) {
      Expected<double> number = parse_number(words[i + 2], "view center: ");
      if (!number) return Error{number.message()};
      at[i] = *number;
    }
    return Command{command::ViewCenter{float(at[0]), float(at[1])}};
  }
  return Error{"view needs zoom Z, center X Y, or reset"};
}

Expected<Command> parse_reset(const std::vector<std::string_view>& words) {
  if (words.size() > 3) return Error{"reset takes at most INIT SEED"};
  command::Reset reset;
  if (words.size() >= 2) {
    reset.init = parse_enum<InitPattern>(words[1]);
    if (!reset.init)
      return Error{"reset: " + in_quotes(words[1]) + " is not one of " +
                   names_list(kInitPatternNames)};
  }
  if (words.size() == 3) {
    Expected<std::uint64_t> seed = parse_seed(words[2], "reset: seed ");
    if (!seed) return Error{seed.message()};
    reset.seed = *seed;
  }
  return Command{reset};
}

// `paint X Y RADIUS [VALUE] [from X0 Y0]` and `erase X Y RADIUS [from X0 Y0]`: the brush, a disc
// or, from (X0, Y0), the segment a drag covered.
Expected<Command> parse_paint(std::vector<std::string_view> words) {
  const std::string name(words[0]);
  // `paint-a` and `paint-b` paint the style map toward set A or B, and take no VALUE either.
  const BrushStyle style = name == "paint-a"   ? BrushStyle::TowardA
                           : name == "paint-b" ? BrushStyle::TowardB
                                               : BrushStyle::None;
  const bool erase = name == "erase" || style != BrushStyle::None;
  const bool segment = words.size() >= 3 && words[words.size() - 3] == "from";
  double from[2] = {0.0, 0.0};
  if (segment) {
    for (std::size_t i = 0; i < 2; ++i) {
      Expected<double> number = parse_number(words[words.size() - 2 + i], name + " from: ");
      if (!number) return Error{number.message()};
      from[i] = *number;
    }
    words.resize(words.size() - 3);
  }
  const std::size_t args = words.size() - 1;
  if (erase ? args != 3 : (args < 3 || args > 4))
    return Error{name + " needs " +
                 (erase ? "X Y RADIUS [from X0 Y0]" : "X Y RADIUS [VALUE] [from X0 Y0]")};
  double numbers[4] = {0.0, 0.0, 0.0, 0.5};
  for (std::size_t i = 0; i < args; ++i) {
    Expected<double> number = parse_number(words[i + 1], name + ": ");
    if (!number) return Error{number.message()};
    numbers[i] = *number;
  }
  if (!(numbers[2] > 0.0)) return Error{name + ": the radius must be positive"};
  command::Paint paint{float(numbers[0]), float(numbers[1]), float(numbers[2]), float(numbers[3]),
                       style == BrushStyle::None && erase};
  paint.style = style;
  if (segment) paint.from = GridPoint{float(from[0]), float(from[1])};
  return Command{paint};
}

// `save [PATH] [--no-xdmf]`: the path is the rest of the line (spaces and all), less a last
// word --no-xdmf.
Command save_command(std::string_view rest) {
  constexpr std::string_view kNoXdmf = "--no-xdmf";
  command::SaveState save{std::string(rest)};
  if (rest == kNoXdmf ||
      (rest.size() > kNoXdmf.size() && rest.substr(rest.size() - kNoXdmf.size()) == kNoXdmf &&
       (rest[rest.size() - kNoXdmf.size() - 1] == ' ' ||
        rest[rest.size() - kNoXdmf.size() - 1] == '\t'))) {
    save.path = std::string(trim(rest.substr(0, rest.size() - kNoXdmf.size())));
    save.xdmf = false;
  }
  return Command{save};
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
  if (word == "favourite") return parse_favourite(words);
  if (word == "preset") {
    if (args != 1) return usage("NAME");
    return Command{command::LoadPreset{std::string(words[1])}};
  }
  if (word == "size") {
    if (args != 2) return usage("WIDTH HEIGHT");
    Expected<int> width = parse_integer(words[1], "size: width ", 1, kMaxGridDimension);
    if (!width) return Error{width.message()};
    Expected<int> height = parse_integer(words[2], "size: height ", 1, kMaxGridDimension);
    if (!height) return Error{height.message()};
    return Command{command::Resize{*width, *height}};
  }
  if (word == "backend") {
    if (args != 1) return usage("cpu, cuda or auto");
    const std::optional<BackendChoice> choice = parse_enum<BackendChoice>(words[1]);
    if (!choice) return Error{"backend: " + in_quotes(words[1]) + " is not one of cpu, cuda, auto"};
    return Command{command::SelectBackend{*choice}};
  }
  if (word == "transfer") {
    if (args != 1) return usage("interop, host or upload");
    const std::optional<TransferPath> path = parse_enum<TransferPath>(words[1]);
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
    Expected<int> count = parse_integer(words[1], name + ": ", 1, kMaxScriptInt);
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
      word == "capture-folder" || word == "save-setup") {
    // A screenshot without a path gets a timestamped name in the capture folder, a state
    // without one is state.h5 there (App::with_state_file).
    const bool screenshot = word == "screenshot" || word == "window-screenshot";
    const bool state = word == "save" || word == "load";
    if (rest.empty() && !screenshot && !state) return usage("PATH");
    if (word == "save") return save_command(rest);
    if (word == "load") return Command{command::LoadState{std::string(rest)}};
    if (word == "save-setup") return Command{command::SaveSetup{std::string(rest)}};
    if (word == "capture-folder") return Command{command::SetCaptureFolder{std::string(rest)}};
    return Command{command::Screenshot{std::string(rest), word == "window-screenshot"}};
  }
  if (word == "record") {
    if (args == 1 && words[1] == "stop") return Command{command::RecordStop{}};
    // record start [PATH] [STEPS_PER_FRAME [FPS]]: without a path (the word after `start` is a
    // number, or nothing), a timestamped name in the capture folder, as the V key records.
    if (args < 1 || words[1] != "start")
      return usage("start [PATH] [STEPS_PER_FRAME] [FPS], or stop");
    const bool has_path = args >= 2 && !parse_integer(words[2], "", 0, kMaxScriptInt);
    const std::size_t first_number = has_path ? 3 : 2;
    if (args + 1 > first_number + 2) return usage("start [PATH] [STEPS_PER_FRAME] [FPS], or stop");
    command::RecordStart start{has_path ? std::string(words[2]) : ""};
    if (args + 1 > first_number) {
      Expected<int> steps =
          parse_integer(words[first_number], "record: steps per frame ", 1, 10000);
      if (!steps) return Error{steps.message()};
      start.steps_per_frame = *steps;
    }
    if (args + 1 > first_number + 1) {
      Expected<int> fps = parse_integer(words[first_number + 1], "record: fps ", 1, 240);
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
  if (word == "paint" || word == "erase" || word == "paint-a" || word == "paint-b")
    return parse_paint(words);
  if (std::optional<Expected<Command>> style = parse_style_command(line, words)) return *style;
  if (word == "seed-image") return parse_seed_image(rest);
  if (word == "stamp") {  // the brush's stamp: the last seed's picture, 2 * RADIUS across
    if (args != 3) return usage("X Y RADIUS");
    double numbers[3] = {0.0, 0.0, 0.0};
    for (std::size_t i = 0; i < 3; ++i) {
      Expected<double> number = parse_number(words[i + 1], name + ": ");
      if (!number) return Error{number.message()};
      numbers[i] = *number;
    }
    return Command{command::Stamp{float(numbers[0]), float(numbers[1]), float(numbers[2])}};
  }
  if (word == "caption") return Command{command::Caption{std::string(rest)}};
  if (word == "require") {
    if (args != 1) return usage("cuda");
    if (words[1] != "cuda") return Error{"require: " + in_quotes(words[1]) + " is not cuda"};
    return Command{command::RequireCuda{}};
  }
  if (word == "view") return parse_view(words);
  if (word == "demo") {  // the rest of the line: a demo's name may hold spaces
    if (rest.empty()) return usage("NAME");
    return Command{command::StartDemo{std::string(rest)}};
  }
  if (word == "script") {
    if (args != 1) return usage("next, previous, restart or stop");
    const std::optional<ScriptAction> action = parse_enum<ScriptAction>(words[1]);
    if (!action)
      return Error{"script: " + in_quotes(words[1]) +
                   " is not one of next, previous, restart, stop"};
    return Command{command::ScriptControl{*action}};
  }
  if (word == "wait") {
    if (args != 1) return usage("SECONDS");
    Expected<double> seconds = parse_number(words[1], "wait: ");
    if (!seconds) return Error{seconds.message()};
    if (*seconds < 0.0 || *seconds > 3600.0)
      return Error{"wait: " + in_quotes(words[1]) + " must be from 0 to 3600 seconds"};
    return Command{command::Wait{*seconds}};
  }
  if (word == "wait-timings") {
    if (args > 1) return Error{"wait-timings takes one optional MAX_SECONDS"};
    command::WaitTimings wait;
    if (args == 0) return Command{wait};
    Expected<double> seconds = parse_number(words[1], "wait-timings: ");
    if (!seconds) return Error{seconds.message()};
    if (!(*seconds > 0.0 && *seconds <= 60.0))
      return Error{"wait-timings: " + in_quotes(words[1]) +
                   " must be above 0 and at most 60 seconds"};
    wait.max_seconds = *seconds;
    return Command{wait};
  }
  return Error{"unknown command " + in_quotes(word)};
}

}  // namespace

Expected<std::vector<ScriptLine>> parse_script(std::string_view text,
                                               std::string_view source_name) {
  std::vector<ScriptLine> lines;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark
  int number = 0;
  ConditionBlocks blocks;
  const auto problem = [&](int at, const std::string& message) {
    return Error{std::string(source_name) + ":" + std::to_string(at) + ": " + message};
  };
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = trim(text.substr(start, end - start));  // also drops '\r'
    start = end + 1;
    ++number;
    if (line.empty() || line.front() == '#') continue;
    const Expected<bool> block_line = blocks.take(line, number);
    if (!block_line) return problem(number, block_line.message());
    if (*block_line) continue;
    Expected<Command> command = parse_command(line);
    if (!command) return problem(number, command.message());
    lines.push_back(ScriptLine{number, std::string(line), std::move(*command), blocks.current()});
  }
  if (const std::optional<int> open = blocks.unclosed_line())
    return problem(*open, "if has no end");
  return lines;
}

Expected<std::vector<ScriptLine>> load_script(const std::filesystem::path& path, ScriptFile file) {
  Expected<std::string> text = read_script_text(path, file);
  if (!text) return text.status();
  return parse_script(*text, script_name(path));
}

}  // namespace gs::app
