#include "sheet_text.h"

#include <stb_truetype.h>

#include <algorithm>
#include <cmath>

#include "builtin_letters.h"
#include "font_files.h"

namespace gs::sheet {

struct SheetFont::Face {
  std::string bytes;  // stb_truetype reads the font in place
  stbtt_fontinfo info{};
};

Expected<SheetFont> SheetFont::load(const std::filesystem::path& file, float pixel_height) {
  Expected<std::string> bytes = app::read_font_file(file);  // its tables checked
  if (!bytes) return bytes.status();
  auto face = std::make_shared<Face>();
  face->bytes = std::move(*bytes);
  const auto* data = reinterpret_cast<const unsigned char*>(face->bytes.data());
  const int offset = stbtt_GetFontOffsetForIndex(data, 0);
  if (offset < 0 || !stbtt_InitFont(&face->info, data, offset))
    return Error{"the font file '" + file.string() + "' is not a TrueType font"};
  SheetFont font;
  font.face_ = std::move(face);
  font.set_height(pixel_height);
  return font;
}

SheetFont SheetFont::builtin(float pixel_height) {
  SheetFont font;
  font.set_height(pixel_height);
  return font;
}

SheetFont SheetFont::at_height(float pixel_height) const {
  SheetFont font = *this;
  font.set_height(pixel_height);
  return font;
}

void SheetFont::set_height(float pixel_height) {
  if (is_builtin()) {
    scale_ = builtin_letters::scale_for(pixel_height);
    ascent_ = int(std::ceil(builtin_letters::kAscentUnits * scale_));
    line_height_ = int(std::ceil(builtin_letters::kLineUnits * scale_));
    return;
  }
  scale_ = stbtt_ScaleForPixelHeight(&face_->info, pixel_height);
  int ascent = 0, descent = 0, gap = 0;
  stbtt_GetFontVMetrics(&face_->info, &ascent, &descent, &gap);
  ascent_ = int(std::ceil(float(ascent) * scale_));
  line_height_ = int(std::ceil(float(ascent - descent + gap) * scale_));
}

int SheetFont::text_width(std::string_view utf8) const {
  if (is_builtin()) return builtin_letters::text_width(utf8, scale_);
  const std::vector<int> codes = decode_utf8(utf8);
  float x = 0.0f;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    int advance = 0, bearing = 0;
    stbtt_GetCodepointHMetrics(&face_->info, codes[i], &advance, &bearing);
    x += float(advance) * scale_;
    if (i + 1 < codes.size())
      x += scale_ * float(stbtt_GetCodepointKernAdvance(&face_->info, codes[i], codes[i + 1]));
  }
  return int(std::ceil(x));
}

void SheetFont::draw(RgbImage& image, int left, int top, int clip_right, std::string_view utf8,
                     app::Rgb colour) const {
  if (is_builtin())
    return builtin_letters::draw(image, left, top, clip_right, utf8, scale_, colour);
  const std::vector<int> codes = decode_utf8(utf8);
  const int right = std::min(clip_right, image.width);
  const int baseline = top + ascent_;
  float x = float(left);
  std::vector<unsigned char> coverage;
  for (std::size_t i = 0; i < codes.size() && x < float(right); ++i) {
    // Each glyph at its fractional position: antialiased edges, even spacing.
    const float shift = x - std::floor(x);
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetCodepointBitmapBoxSubpixel(&face_->info, codes[i], scale_, scale_, shift, 0.0f, &x0,
                                        &y0, &x1, &y1);
    const int w = x1 - x0, h = y1 - y0;
    if (w > 0 && h > 0) {
      coverage.assign(std::size_t(w) * h, 0);
      stbtt_MakeCodepointBitmapSubpixel(&face_->info, coverage.data(), w, h, w, scale_, scale_,
                                        shift, 0.0f, codes[i]);
      const int gx = int(std::floor(x)) + x0, gy = baseline + y0;
      for (int row = 0; row < h; ++row) {
        const int y = gy + row;
        if (y < 0 || y >= image.height) continue;
        for (int col = 0; col < w; ++col) {
          const int px = gx + col;
          if (px < std::max(left, 0) || px >= right) continue;
          const int alpha = coverage[std::size_t(row) * w + col];
          std::uint8_t* out = image.at(px, y);
          for (int c = 0; c < 3; ++c)
            out[c] = std::uint8_t((out[c] * (255 - alpha) + colour[c] * alpha + 127) / 255);
        }
      }
    }
    int advance = 0, bearing = 0;
    stbtt_GetCodepointHMetrics(&face_->info, codes[i], &advance, &bearing);
    x += float(advance) * scale_;
    if (i + 1 < codes.size())
      x += scale_ * float(stbtt_GetCodepointKernAdvance(&face_->info, codes[i], codes[i + 1]));
  }
}

Expected<SheetFont> load_sans_font(float pixel_height) {
  return SheetFont::load(app::font_file(app::kSansFontName), pixel_height);
}

SheetFont sans_font_or_builtin(float pixel_height, std::string& note) {
  Expected<SheetFont> font = load_sans_font(pixel_height);
  if (font) return *font;
  note = font.message() + "; the text is drawn in plain built-in letters";
  return SheetFont::builtin(pixel_height);
}

std::vector<int> decode_utf8(std::string_view text) {
  constexpr int kReplacement = 0xFFFD;
  std::vector<int> codes;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80           ? 1
                       : (lead >> 5) == 0x6  ? 2
                       : (lead >> 4) == 0xE  ? 3
                       : (lead >> 3) == 0x1E ? 4
                                             : 0;
    if (length == 0 || i + length > text.size()) {
      codes.push_back(kReplacement);
      ++i;
      continue;
    }
    int code = length == 1 ? lead : lead & (0x7F >> length);
    bool valid = true;
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = valid && (next >> 6) == 0x2;
      code = (code << 6) | (next & 0x3F);
    }
    codes.push_back(valid ? code : kReplacement);
    i += valid ? std::size_t(length) : 1;
  }
  return codes;
}

}  // namespace gs::sheet
