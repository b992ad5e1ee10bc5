// The contact sheet's stand-in letters for when its font file cannot be used: stb_easy_font's
// built-in ASCII characters (the distribution's libstb), which are made of axis-aligned
// rectangles, drawn into an RgbImage at any scale with each pixel's covered area as its alpha.
#pragma once

#include <string_view>

#include "colormap.h"
#include "rgb_image.h"

namespace gs::sheet::builtin_letters {

// One line of the letters is this many units tall (stb_easy_font's own line spacing).
inline constexpr int kLineUnits = 12;
inline constexpr int kAscentUnits = 9;

// The scale that makes a line about as tall as a TrueType font of this pixel height.
float scale_for(float pixel_height);
// The advance of the whole text in pixels at `scale`.
int text_width(std::string_view utf8, float scale);
// One line with its top at `top`, from `left`, clipped to [left, clip_right) and to the image.
void draw(RgbImage& image, int left, int top, int clip_right, std::string_view utf8, float scale,
          app::Rgb colour);

}  // namespace gs::sheet::builtin_letters
