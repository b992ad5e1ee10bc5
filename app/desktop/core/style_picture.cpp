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

}  // namespace gs::app
