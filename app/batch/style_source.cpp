#include "style_source.h"

#include "gs/style_gradient.h"
#include "picture_style.h"

namespace gs::batch {

Expected<std::optional<Preset>> chosen_preset(const BatchOptions& options) {
  if (!options.preset) return std::optional<Preset>{};
  Expected<PresetLibrary> library = load_default_presets();
  if (!library) return library.status();
  Expected<const Preset*> preset = library->require(*options.preset);
  if (!preset) return preset.status();
  return std::optional<Preset>{**preset};
}

Expected<std::optional<StyleRows>> made_style_rows(const BatchOptions& options,
                                                   const std::optional<Preset>& preset,
                                                   GridSize grid, int first, int count) {
  const StyleOptions& style = options.style;
  if (style.image) {
    Expected<app::Picture> picture = app::read_picture(*style.image);
    if (!picture) return Error{"--style-image: " + picture.message()};
    const app::PicturePlacement placement = style.image_placement.placement();
    return std::optional<StyleRows>{
        StyleRows{app::style_rows_from_picture(*picture, placement, grid, first, count),
                  "picture '" + *style.image + "'"}};
  }
  std::optional<StyleGradient> gradient;
  std::string source = "gradient ";
  if (style.gradient) {
    gradient = parse_enum<StyleGradient>(*style.gradient);
  } else if (preset && preset->style) {
    gradient = preset->style->gradient;
    source = "preset " + preset->name + "'s gradient ";
  }
  if (!gradient) return std::optional<StyleRows>{};
  return std::optional<StyleRows>{StyleRows{style_gradient_rows(grid, *gradient, first, count),
                                            source + std::string(to_string(*gradient))}};
}

bool names_set_b(const BatchOptions& options) {
  const StyleSetOverrides& b = options.params.style;
  return options.style.preset || b.F || b.k || b.Du || b.Dv;
}

}  // namespace gs::batch
