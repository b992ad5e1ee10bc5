// Where the running style map came from (Params::style, Fields::style): a picture and how it was
// placed, a gradient, the brush, or a state file. The panel names it, and "Copy as script" makes
// the map again from it (a painted or loaded map through a picture of its bytes).
#pragma once

#include <string>

#include "gs/style_gradient.h"
#include "picture_sampling.h"

namespace gs::app {

enum class StyleOrigin { Image, Gradient, Painted, Loaded };

struct StyleSource {
  StyleOrigin origin = StyleOrigin::Painted;
  std::string path;                           // Image: the picture; Loaded: the state file
  PicturePlacement placement;                 // Image
  StyleGradient gradient = StyleGradient::X;  // Gradient
};

// One line for the panel: "picture FILE (fit, channel)", "gradient radial", "painted", ...
std::string describe(const StyleSource& source);

}  // namespace gs::app
