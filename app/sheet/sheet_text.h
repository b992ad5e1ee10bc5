// Text drawn into an RgbImage with stb_truetype (the distribution's libstb): antialiased glyphs
// blended over what is there, for the contact sheet's labels and title. Where the font file is
// missing or damaged, stb_easy_font's built-in letters (ASCII, drawn from rectangles) stand in.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gs/status.h"
#include "rgb_image.h"

namespace gs::sheet {

// A TrueType font at one pixel height.
class SheetFont {
 public:
  // Fails with one line naming the file when it cannot be read or is not a font (its tables are
  // checked before stb_truetype reads them: app::read_font_file).
  static Expected<SheetFont> load(const std::filesystem::path& file, float pixel_height);
  // The built-in letters at about this height (characters past ASCII drawn as a near one or '?').
  static SheetFont builtin(float pixel_height);
  bool is_builtin() const { return face_ == nullptr; }
  // The same font data at another height.
  SheetFont at_height(float pixel_height) const;

  // Pixels from one baseline to the next, and from a line's top to its baseline.
  int line_height() const { return line_height_; }
  int ascent() const { return ascent_; }
  // The advance of the whole text in pixels.
  int text_width(std::string_view utf8) const;
  // Draws one line of text with its top at `top`, starting at `left`, clipped to the columns
  // [left, clip_right) and to the image.
  void draw(RgbImage& image, int left, int top, int clip_right, std::string_view utf8,
            app::Rgb colour) const;

  struct Face;  // stb_truetype's font info over the file's bytes

 private:
  SheetFont() = default;
  void set_height(float pixel_height);

  std::shared_ptr<const Face> face_;
  float scale_ = 0.0f;
  int line_height_ = 0;
  int ascent_ = 0;
};

// DejaVu Sans (font_files.h) at this height; a missing or damaged file is one line naming it (and
// the package that provides it).
Expected<SheetFont> load_sans_font(float pixel_height);
// DejaVu Sans, or where it cannot be used the built-in letters and, in `note`, why.
SheetFont sans_font_or_builtin(float pixel_height, std::string& note);

// The code points of UTF-8 text; a malformed byte reads as U+FFFD.
std::vector<int> decode_utf8(std::string_view text);

}  // namespace gs::sheet
