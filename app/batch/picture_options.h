// How a picture named on grayscott-batch's command line lies on the grid: the three options that
// --init-image and --style-image both take (PREFIX-channel, PREFIX-bright, PREFIX-fit), and the
// placement they make (app/pictures/picture_sampling.h).
#pragma once

#include <string>

#include "picture_sampling.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace gs::batch {

struct PicturePlacementOptions {
  std::string channel = "luminance";
  bool bright = false;  // strong where the picture is bright, not where it is dark
  std::string fit = "fit";

  // The command line checked the names against the pictures library's own lists.
  app::PicturePlacement placement() const;
};

// Adds PREFIX-channel, PREFIX-bright and PREFIX-fit, each needing `picture`; `strong` says what
// the picture's strength gives ("Seed", "Set B").
void add_picture_placement_options(CLI::App& app, const std::string& prefix,
                                   PicturePlacementOptions& options, CLI::Option* picture,
                                   const std::string& strong);

}  // namespace gs::batch
