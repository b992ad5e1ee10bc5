// A script's demos as parts of it (demo_inlining.h).
#include "demo_inlining.h"

#include <algorithm>

#include "gs/output_file.h"

#include "script_checks.h"
#include "script_conditions.h"
#include "script_source.h"
#include "script_words.h"

namespace gs::app {
namespace {

Status inline_into(std::vector<ScriptLine>& out, std::vector<ScriptLine> lines,
                   const std::filesystem::path& script, const DemoLookup& find, Machine machine,
                   std::vector<std::filesystem::path>& chain) {
  for (ScriptLine& line : lines) {
    const auto* demo_line = std::get_if<command::StartDemo>(&line.command);
    if (!demo_line || demo_line->part != command::DemoPart::Whole) {
      if (line.source.empty()) line.source = script;
      out.push_back(std::move(line));
      if (out.size() > kMaxScriptLines)
        return Error{script_name(chain.front()) + ": with its demos, more than " +
                     std::to_string(kMaxScriptLines) + " lines"};
      continue;
    }
    const std::string origin = script_name(script) + ":" + std::to_string(line.number) + ": ";
    Expected<DemoScript> demo = find(demo_line->name);
    if (!demo) return Error{origin + demo.message()};
    const auto same = [&](const std::filesystem::path& p) {
      return names_same_file(p, demo->path);
    };
    if (std::any_of(chain.begin(), chain.end(), same))
      return Error{origin + "demo " + in_quotes(demo->name) +
                   " is already running: a demo cannot start itself, directly or through another"};
    Expected<std::vector<ScriptLine>> inner = load_script(demo->path, ScriptFile::Found);
    if (!inner) return inner.status();
    find_inputs_beside(*inner, demo->path.parent_path());
    GS_TRY(check_script_lines(*inner, demo->path));
    const std::string name = demo->name;
    ScriptLine begins = line, ends = line;
    begins.command = command::StartDemo{name, command::DemoPart::Begins};
    ends.command = command::StartDemo{name, command::DemoPart::Ends};
    begins.source = ends.source = script;
    out.push_back(std::move(begins));
    chain.push_back(demo->path);
    GS_TRY(inline_into(out, lines_for_machine(std::move(inner).value(), machine), demo->path, find,
                       machine, chain));
    chain.pop_back();
    out.push_back(std::move(ends));
  }
  return Status::ok();
}

}  // namespace

Expected<std::vector<ScriptLine>> inline_demos(std::vector<ScriptLine> lines,
                                               const std::filesystem::path& script,
                                               const DemoLookup& find, Machine machine) {
  std::vector<ScriptLine> out;
  std::vector<std::filesystem::path> chain = {script};
  GS_TRY(inline_into(out, std::move(lines), script, find, machine, chain));
  return out;
}

void find_inputs_beside(std::vector<ScriptLine>& lines, const std::filesystem::path& folder) {
  for (ScriptLine& line : lines) {
    std::string* path = nullptr;
    if (auto* seed = std::get_if<command::SeedImage>(&line.command)) path = &seed->path;
    if (auto* style = std::get_if<command::StyleImage>(&line.command)) path = &style->path;
    if (auto* load = std::get_if<command::LoadState>(&line.command)) path = &load->path;
    if (!path || path->empty() || std::filesystem::path(*path).is_absolute()) continue;
    std::error_code error;
    const std::filesystem::path beside = folder / *path;
    if (std::filesystem::exists(beside, error)) *path = beside.string();
  }
}

}  // namespace gs::app
