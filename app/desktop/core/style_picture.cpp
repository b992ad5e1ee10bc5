// A style map as a picture (style_picture.h).
#include "style_picture.h"

#include "png_image.h"
#include "simulation.h"

namespace gs::app {

std::filesystem::path style_picture_beside(const std::filesystem::path& setup_path) {
  std::filesystem::path picture = setup_path;
  picture.replace_filename(setup_path.stem().string() + "-style.png");
  return picture;
}

std::filesystem::path state_file_beside(const std::filesystem::path& setup_path) {
  std::filesystem::path state = setup_path;
  state.replace_filename(setup_path.stem().string() + "-state.h5");
  return state;
}

bool needs_style_picture(const SetupState& setup) {
  return setup.style && (setup.style->source.origin == StyleOrigin::Painted ||
                         setup.style->source.origin == StyleOrigin::Loaded);
}

Status keep_style_picture(SetupState& setup, const Simulation& simulation,
                          const std::filesystem::path& picture) {
  if (!needs_style_picture(setup)) return Status::ok();
  Expected<StyleData> style = simulation.style_map();
  if (!style) return style.status();
  std::vector<std::uint8_t> rgb(style->size() * 3);
  for (std::size_t i = 0; i < style->size(); ++i)
    rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = (*style)[i];
  GS_TRY(write_png(picture, simulation.size(), rgb));
  setup.style->picture = picture.string();
  return Status::ok();
}

namespace {

// `path` (as given, from the current folder) relative to `folder`; as given where that cannot be
// said (another drive, a name that does not resolve).
std::string relative_to(const std::string& path, const std::filesystem::path& folder) {
  std::error_code error;
  const std::filesystem::path whole = std::filesystem::weakly_canonical(path, error);
  if (error) return path;
  const std::filesystem::path from = std::filesystem::weakly_canonical(folder, error);
  if (error) return path;
  const std::filesystem::path relative = whole.lexically_relative(from);
  return relative.empty() ? path : relative.string();
}

}  // namespace

void name_pictures_from(SetupState& setup, const std::filesystem::path& folder) {
  if (setup.picture_seed) setup.picture_seed->path = relative_to(setup.picture_seed->path, folder);
  if (!setup.state_file.empty()) setup.state_file = relative_to(setup.state_file, folder);
  if (!setup.style) return;
  if (!setup.style->picture.empty())
    setup.style->picture = relative_to(setup.style->picture, folder);
  else if (setup.style->source.origin == StyleOrigin::Image)
    setup.style->source.path = relative_to(setup.style->source.path, folder);
}

}  // namespace gs::app
