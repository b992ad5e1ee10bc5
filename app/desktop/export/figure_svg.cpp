// A figure as SVG (figure_svg.h).
#include "figure_svg.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "caption_wrap.h"
#include "gs/output_file.h"
#include "gs/xml_text.h"
#include "png_image.h"

namespace gs::app {
namespace {

// ImGui gives a font's size as its ascent less its descent; SVG as its em. DejaVu Sans: an em is
// 2048 units, ascent and descent 1901 and 483; its average advance about 0.55 em.
constexpr double kEmPerImGuiSize = 2048.0 / 2384.0;
constexpr double kAscentPerImGuiSize = 1901.0 / 2384.0;
constexpr double kAdvancePerEm = 0.55;
constexpr const char* kInk = "#ebebeb";

std::string base64(const std::vector<unsigned char>& bytes) {
  static const char* const kDigits =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const unsigned a = bytes[i], b = i + 1 < bytes.size() ? bytes[i + 1] : 0,
                   c = i + 2 < bytes.size() ? bytes[i + 2] : 0;
    const unsigned triple = (a << 16) | (b << 8) | c;
    out += kDigits[(triple >> 18) & 63];
    out += kDigits[(triple >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(triple >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kDigits[triple & 63] : '=';
  }
  return out;
}

std::string num(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

// Text whose top-left (as ImGui places it) is (x, top), in an ImGui font size of `size`.
void text(std::ostringstream& svg, double x, double top, double size, const std::string& words,
          const char* anchor = "start") {
  svg << "<text x=\"" << num(x) << "\" y=\"" << num(top + kAscentPerImGuiSize * size)
      << "\" font-size=\"" << num(kEmPerImGuiSize * size) << "\" text-anchor=\"" << anchor << "\">"
      << xml_escaped(words) << "</text>\n";
}

void line(std::ostringstream& svg, double x0, double y0, double x1, double y1, double width) {
  svg << "<line x1=\"" << num(x0) << "\" y1=\"" << num(y0) << "\" x2=\"" << num(x1) << "\" y2=\""
      << num(y1) << "\" stroke=\"" << kInk << "\" stroke-width=\"" << num(width) << "\"/>\n";
}

std::string colour(const Rgb& c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", c[0], c[1], c[2]);
  return text;
}

std::string value_label(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", double(value));
  return text;
}

}  // namespace

std::string figure_svg(const ExportLayout& layout, const FigureContent& content) {
  std::ostringstream svg;
  const double px = layout.text_px, tick = 0.4 * px, width = std::max(1.0, 0.08 * px);
  const ScreenRect& field = layout.field;
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
         "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\""
      << layout.canvas.width << "\" height=\"" << layout.canvas.height << "\" viewBox=\"0 0 "
      << layout.canvas.width << " " << layout.canvas.height << "\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#0f0f10\"/>\n"
      << "<g font-family=\"DejaVu Sans, sans-serif\" fill=\"" << kInk << "\">\n";
  for (std::size_t i = 0; i < content.parameters.size(); ++i)
    text(svg, layout.parameters.x, layout.parameters.y + (0.4 + 1.5 * double(i)) * px, px,
         content.parameters[i]);
  // The field: its exact colours, each cell a square however far it is scaled.
  svg << "<image x=\"" << num(field.x) << "\" y=\"" << num(field.y) << "\" width=\""
      << num(field.width) << "\" height=\"" << num(field.height)
      << "\" preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" "
         "xlink:href=\"data:image/png;base64,"
      << base64(encode_png(content.grid, content.field_rgb)) << "\"/>\n";
  svg << "<rect x=\"" << num(field.x - width / 2) << "\" y=\"" << num(field.y - width / 2)
      << "\" width=\"" << num(field.width + width) << "\" height=\"" << num(field.height + width)
      << "\" fill=\"none\" stroke=\"#c8c8c8\" stroke-width=\"" << num(width) << "\"/>\n";
  for (const AxisTick& t : content.axes.x.ticks) {
    const double x = field.x + t.at * field.width;
    line(svg, x, field.bottom(), x, field.bottom() + tick, width);
    text(svg, x, field.bottom() + tick + 0.1 * px, px, t.label, "middle");
  }
  text(svg, field.x + 0.5 * field.width, field.bottom() + tick + 1.4 * px, px, content.axes.x.name,
       "middle");
  for (const AxisTick& t : content.axes.y.ticks) {
    const double y = field.y + t.at * field.height;
    line(svg, field.x - tick, y, field.x, y, width);
    text(svg, field.x - tick - 0.2 * px, y - 0.5 * px, px, t.label, "end");
  }
  text(svg, layout.y_axis.x + 0.3 * px, field.y + 0.5 * field.height - 0.5 * px, px,
       content.axes.y.name);
  // The colour bar: its bands (the high end on top, each reaching under the next so no seam
  // shows), its ends and middle, its name above it.
  const ScreenRect& strip = layout.colour_bar;
  const int bands = int(content.colormap.size());
  for (int i = 0; i < bands; ++i) {
    const double y0 = strip.y + strip.height * double(i) / bands;
    const double y1 = strip.y + strip.height * double(i + 1) / bands;
    svg << "<rect x=\"" << num(strip.x) << "\" y=\"" << num(y0) << "\" width=\"" << num(strip.width)
        << "\" height=\"" << num(y1 - y0 + 0.6) << "\" fill=\""
        << colour(content.colormap[std::size_t(bands - 1 - i)]) << "\"/>\n";
  }
  const double labels_x = strip.right() + 0.4 * strip.width;
  const float middle = 0.5f * (content.low + content.high);
  text(svg, labels_x, strip.y - 0.5 * px, px, value_label(content.high));
  text(svg, labels_x, strip.y + 0.5 * strip.height - 0.5 * px, px, value_label(middle));
  text(svg, labels_x, strip.bottom() - 0.5 * px, px, value_label(content.low));
  text(svg, strip.x + 0.5 * strip.width, strip.y - 1.4 * px, px, content.quantity, "middle");
  // The caption in large type, wrapped to the strip (by DejaVu's average advance).
  if (!content.caption.empty() && layout.caption.height > 0) {
    const double size = 2.0 * px;
    const std::string lines = wrap_caption(
        content.caption, float(layout.caption.width - 2 * px), [size](std::string_view words) {
          return float(double(words.size()) * kAdvancePerEm * kEmPerImGuiSize * size);
        });
    std::istringstream rows(lines);
    double top = layout.caption.y + 0.3 * px;
    for (std::string row; std::getline(rows, row); top += size)
      text(svg, layout.caption.x + 0.5 * layout.caption.width, top, size, row, "middle");
  }
  svg << "</g>\n</svg>\n";
  return svg.str();
}

Status write_figure_svg(const std::filesystem::path& path, const ExportLayout& layout,
                        const FigureContent& content) {
  if (content.field_rgb.size() != content.grid.cells() * 3)
    return Error{"a figure whose field does not match its grid"};
  const std::string document = figure_svg(layout, content);
  return write_file_whole(path, document.data(), document.size());
}

bool is_svg_path(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".svg";
}

}  // namespace gs::app
