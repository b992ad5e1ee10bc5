// The built-in letters (builtin_letters.h).
#include "builtin_letters.h"

#include <stb_easy_font.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sheet_text.h"

namespace gs::sheet::builtin_letters {
namespace {

// The text in the letters there are: ASCII as it is, the dashes and arrows of the sweep's title
// as their nearest, anything else '?'.
std::string as_ascii(std::string_view utf8) {
  std::string text;
  for (int code : decode_utf8(utf8)) {
    if (code >= 32 && code < 127)
      text += char(code);
    else if (code == 0x2013 || code == 0x2014 || code == 0x2212)
      text += '-';
    else if (code == 0x2191)
      text += '^';
    else if (code == 0x2192)
      text += '>';
    else
      text += '?';
  }
  return text;
}

struct Vertex {  // stb_easy_font's vertex layout
  float x, y, z;
  unsigned char colour[4];
};

}  // namespace

float scale_for(float pixel_height) {
  return std::max(pixel_height, 1.0f) * 1.1f / float(kLineUnits);
}

int text_width(std::string_view utf8, float scale) {
  std::string text = as_ascii(utf8);
  return int(std::ceil(float(stb_easy_font_width(text.data())) * scale));
}

void draw(RgbImage& image, int left, int top, int clip_right, std::string_view utf8, float scale,
          app::Rgb colour) {
  std::string text = as_ascii(utf8);
  if (text.empty()) return;
  std::vector<Vertex> vertices(text.size() * 300 / sizeof(Vertex) + 64);
  unsigned char white[4] = {255, 255, 255, 255};
  const int quads = stb_easy_font_print(0.0f, 0.0f, text.data(), white, vertices.data(),
                                        int(vertices.size() * sizeof(Vertex)));
  const int width = text_width(utf8, scale) + 2, height = int(std::ceil(kLineUnits * scale)) + 2;
  // Each pixel's covered area from every rectangle; overlaps at the strokes' joins add up to
  // more than one and are clipped.
  std::vector<float> coverage(std::size_t(width) * height, 0.0f);
  for (int q = 0; q < quads; ++q) {
    const Vertex& a = vertices[std::size_t(q) * 4];
    const Vertex& c = vertices[std::size_t(q) * 4 + 2];
    const float x0 = a.x * scale, x1 = c.x * scale, y0 = a.y * scale, y1 = c.y * scale;
    for (int y = std::max(0, int(y0)); y < std::min(height, int(std::ceil(y1))); ++y)
      for (int x = std::max(0, int(x0)); x < std::min(width, int(std::ceil(x1))); ++x) {
        const float w = std::min(x1, float(x + 1)) - std::max(x0, float(x));
        const float h = std::min(y1, float(y + 1)) - std::max(y0, float(y));
        if (w > 0 && h > 0) coverage[std::size_t(y) * width + x] += w * h;
      }
  }
  const int right = std::min(clip_right, image.width);
  for (int y = 0; y < height; ++y) {
    if (top + y < 0 || top + y >= image.height) continue;
    for (int x = 0; x < width; ++x) {
      const int px = left + x;
      if (px < std::max(left, 0) || px >= right) continue;
      const int alpha =
          int(std::lround(std::min(coverage[std::size_t(y) * width + x], 1.0f) * 255));
      std::uint8_t* out = image.at(px, top + y);
      for (int k = 0; k < 3; ++k)
        out[k] = std::uint8_t((out[k] * (255 - alpha) + colour[k] * alpha + 127) / 255);
    }
  }
}

}  // namespace gs::sheet::builtin_letters
