// Where a capture without a name goes: grayscott-YYYYmmdd-HHMMSS.png in the capture folder, with
// a counter when several captures fall in one second, so none replaces another. The capture
// folder is the one the user chose (`capture-folder`, remembered between runs), else
// grayscott-live in the pictures folder: $XDG_PICTURES_DIR, else XDG_PICTURES_DIR in
// user-dirs.dirs (xdg-user-dirs, under $XDG_CONFIG_HOME or ~/.config), else ~/Pictures.
#pragma once

#include <filesystem>
#include <string>

#include "gs/status.h"

namespace gs::app {

std::filesystem::path timestamped_capture_path(const std::filesystem::path& folder);

// grayscott-live in the pictures folder, from the environment and user-dirs.dirs; the working
// folder where there is no home either.
std::filesystem::path default_capture_folder();

// XDG_PICTURES_DIR's value in the text of a user-dirs.dirs file ("$HOME/Pictures" with $HOME
// expanded, or an absolute path); "" where the file does not set it.
std::string pictures_dir_in_user_dirs(const std::string& text, const std::string& home);

// The folder, created (with its parents) when missing.
Status make_capture_folder(const std::filesystem::path& folder);

}  // namespace gs::app
