// A script's lines checked before it runs (script_checks.h).
#include "script_checks.h"

#include <optional>
#include <set>
#include <string>

#include "controls.h"
#include "gs/data_paths.h"
#include "gs/fields.h"
#include "gs/params.h"
#include "gs/presets.h"
#include "picture_file.h"
#include "script_source.h"
#include "settings.h"
#include "view_controls.h"
#include "view_state.h"

namespace gs::app {
namespace {

// A preset's name, among the shipped presets (read once, when a line names one).
Status check_preset(const std::string& name, std::optional<Expected<PresetLibrary>>& presets) {
  if (!presets) presets = load_default_presets();
  if (!*presets) return presets->status();
  return (*presets)->require(name).status();
}

// The problem with one line, given the files the lines before it write.
Status check_line(const Command& command, const std::set<std::filesystem::path>& written,
                  std::optional<Expected<PresetLibrary>>& presets) {
  if (const auto* preset = std::get_if<command::LoadPreset>(&command))
    return check_preset(preset->name, presets);
  // The grid and its memory (whether the display can show it is known once it is open).
  if (const auto* resize = std::get_if<command::Resize>(&command)) {
    GS_TRY(check_grid_size(resize->width, resize->height));
    return check_fits_in_memory({resize->width, resize->height}, 8 * sizeof(float));
  }
  const auto check_picture = [&written](const std::string& named) -> Status {
    const std::filesystem::path path = script_file_path(named);
    if (written.count(path.lexically_normal())) return Status::ok();
    return read_picture(path).status();
  };
  if (const auto* view = std::get_if<command::SetView>(&command)) {
    // On copies: only whether the value is one the view takes.
    ViewState scratch_view;
    Settings scratch_settings;
    return apply_view_control(view->control, view->value, scratch_view, scratch_settings).status();
  }
  // F and k alone: whether they are rates at all (the rest depends on what runs by then).
  if (const auto* set = std::get_if<command::SetSimulation>(&command)) {
    if (set->control != SimulationControl::F && set->control != SimulationControl::k)
      return Status::ok();
    Params scratch;
    float& rate = set->control == SimulationControl::F ? scratch.F : scratch.k;
    GS_TRY(assign_value(set->value, spec_of(set->control).name, rate));
    return validate(scratch);
  }
  if (const auto* style = std::get_if<command::StyleSet>(&command)) {
    if (!style->preset.empty()) return check_preset(style->preset, presets);
    Params scratch;
    if (style->set_b) {
      scratch.style.enabled = true;
      scratch.style.F = style->F;
      scratch.style.k = style->k;
    } else {
      scratch.F = style->F;
      scratch.k = style->k;
    }
    if (Status valid = validate(scratch); !valid)
      return Error{std::string(style->set_b ? "style-b: " : "style-a: ") + valid.message()};
    return Status::ok();
  }
  if (const auto* seed = std::get_if<command::SeedImage>(&command)) {
    if (Status read = check_picture(seed->path); !read)
      return Error{"seed-image: " + read.message()};
    return Status::ok();
  }
  if (const auto* style = std::get_if<command::StyleImage>(&command))
    return check_picture(style->path);
  return Status::ok();
}

// The file a line writes, where it names one.
std::optional<std::filesystem::path> written_by(const Command& command) {
  if (const auto* shot = std::get_if<command::Screenshot>(&command))
    if (!shot->path.empty()) return std::filesystem::path(shot->path).lexically_normal();
  return std::nullopt;
}

}  // namespace

Status check_script_lines(const std::vector<ScriptLine>& lines, const std::filesystem::path& path) {
  std::set<std::filesystem::path> written;
  std::optional<Expected<PresetLibrary>> presets;
  for (const ScriptLine& line : lines) {
    if (Status status = check_line(line.command, written, presets); !status)
      return Error{script_name(path) + ":" + std::to_string(line.number) + ": " + status.message()};
    if (const std::optional<std::filesystem::path> file = written_by(line.command))
      written.insert(*file);
  }
  return Status::ok();
}

}  // namespace gs::app
