#include "picture_options.h"

#include <CLI/CLI.hpp>
#include <vector>

namespace gs::batch {
namespace {

// The choices CLI11 checks a name against: the table's own names.
template <typename Enum, std::size_t N>
std::vector<std::string> names_of(const EnumNames<Enum, N>& table) {
  std::vector<std::string> names;
  for (const EnumName<Enum>& entry : table) names.emplace_back(entry.name);
  return names;
}

}  // namespace

app::PicturePlacement PicturePlacementOptions::placement() const {
  app::PicturePlacement placement;
  placement.channel = *parse_enum<app::PictureChannel>(channel);
  placement.from_bright = bright;
  placement.fit = *parse_enum<app::PictureFit>(fit);
  return placement;
}

void add_picture_placement_options(CLI::App& app, const std::string& prefix,
                                   PicturePlacementOptions& options, CLI::Option* picture,
                                   const std::string& strong) {
  app.add_option(prefix + "-channel", options.channel,
                 "The picture's channel that counts: luminance, red, green, blue or alpha")
      ->check(CLI::IsMember(names_of(app::kPictureChannelNames)))
      ->capture_default_str()
      ->needs(picture);
  app.add_flag(prefix + "-bright", options.bright,
               strong + " where the picture is bright (by default where it is dark)")
      ->needs(picture);
  app.add_option(prefix + "-fit", options.fit,
                 "How the picture covers the grid: stretch, fit (inside it, the rest empty), fill "
                 "(cropped), tile or centre (a cell a pixel)")
      ->check(CLI::IsMember(names_of(app::kPictureFitNames)))
      ->capture_default_str()
      ->needs(picture);
}

}  // namespace gs::batch
