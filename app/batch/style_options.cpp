#include "style_options.h"

#include <CLI/CLI.hpp>

#include "strict_options.h"

namespace gs::batch {

void add_style_options(CLI::App& app, StyleOptions& style, StyleSetOverrides& set_b) {
  const std::string replaces = " (replaces the map of an --input or a styled --preset)";
  auto* image = app.add_option_function<std::string>(
                       "--style-image", [&style](const std::string& path) { style.image = path; },
                       "A style map from a picture (PNG, JPEG): each cell mixes set A and set B by "
                       "the picture's strength there, set B where it is dark (see "
                       "--style-image-bright)" +
                           replaces)
                    ->type_name("FILE");
  auto* gradient =
      app.add_option_function<std::string>(
             "--style-gradient", [&style](const std::string& name) { style.gradient = name; },
             "A style map from set A to set B: left to right (x), top to bottom (y), or from the "
             "centre outward (radial)" +
                 replaces)
          ->check(CLI::IsMember({"x", "y", "radial"}));
  image->excludes(gradient);
  add_picture_placement_options(app, "--style-image", style.image_placement, image, "Set B");
  app.add_option_function<std::string>(
         "--style-preset", [&style](const std::string& name) { style.preset = name; },
         "A style map's set B: this preset's F, k, Du and Dv (by default set B is set A, or a "
         "styled --preset's or an --input's set B)")
      ->type_name("NAME");
  cli::add_real_number(app, "--style-F", set_b.F, "A style map's set B: feed rate F");
  cli::add_real_number(app, "--style-k", set_b.k, "A style map's set B: kill rate k");
  cli::add_real_number(app, "--style-Du", set_b.Du, "A style map's set B: diffusion rate of u");
  cli::add_real_number(app, "--style-Dv", set_b.Dv, "A style map's set B: diffusion rate of v");
}

}  // namespace gs::batch
