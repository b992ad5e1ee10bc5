// A painted (or loaded) style map as a picture beside a setup's script lines, so "Copy as script"
// and `save-setup` make the map again: a PNG with one pixel a cell whose red, green and blue are
// the cell's byte, which `style-image FILE channel=red fit=stretch bright` reads back, on a grid
// of the same size, to the same bytes.
#pragma once

#include <filesystem>

#include "gs/status.h"
#include "setup_script.h"

namespace gs::app {

class Simulation;

// NAME-style.png beside NAME.EXT.
std::filesystem::path style_picture_beside(const std::filesystem::path& setup_path);
// NAME-state.h5 beside NAME.EXT: the state a setup's lines load at their end.
std::filesystem::path state_file_beside(const std::filesystem::path& setup_path);

// Whether the setup's map comes from no file of its own (painted, or from a state file) and so
// needs a picture for its lines to make it again.
bool needs_style_picture(const SetupState& setup);

// The simulation's running style map written to `picture` (whole, or not at all), and the
// setup's lines told to read it from there.
Status keep_style_picture(SetupState& setup, const Simulation& simulation,
                          const std::filesystem::path& picture);

// The files the setup reads (its seed, its style map's picture, its state) named relative to
// `folder`,
// where its lines are written, so the lines and their pictures can move together: a script reads
// a relative picture beside itself first (ScriptSession::load).
void name_pictures_from(SetupState& setup, const std::filesystem::path& folder);

}  // namespace gs::app
