// grayscott-batch's style-map options (docs/batch.md): where the map comes from (a
// picture or a gradient) and set B's preset; set B's explicit values go into
// BatchOptions::params.style
// (--style-F, --style-k, --style-Du, --style-Dv), layered as --F and the others are over --preset.
#pragma once

#include <optional>
#include <string>

#include "gs/param_overrides.h"
#include "picture_options.h"

namespace CLI {
class App;
}

namespace gs::batch {

struct StyleOptions {
  std::optional<std::string> image;         // --style-image FILE
  PicturePlacementOptions image_placement;  // --style-image-channel, -bright, -fit
  std::optional<std::string> gradient;      // --style-gradient x|y|radial
  std::optional<std::string> preset;        // --style-preset: set B from a preset's set A

  bool has_source() const { return image || gradient; }
};

// Adds the options to `app`: the source's into `style`, set B's values into `set_b`.
void add_style_options(CLI::App& app, StyleOptions& style, StyleSetOverrides& set_b);

}  // namespace gs::batch
