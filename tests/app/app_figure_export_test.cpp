// A figure for a paper from the real grayscott (headless): in map mode, a screenshot with its
// overlays has the parameters in effect (the map's ranges, not the preset's F and k), labelled
// axes (F and k with their values), a colour bar named by its quantity, and no empty band under
// it where there is no caption; `screenshot NAME.svg` writes the same layout as SVG, a well-formed
// document whose field is the field screenshot's exact pixels. Before, the picture had an
// unlabelled colour bar, no axes, "pearson-lambda F 0.0260 k 0.0610" in map mode and a 140 px
// empty band.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "app_run_support.h"
#include "figure_layout.h"

namespace gs::test {
namespace {

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<unsigned char> from_base64(const std::string& text) {
  const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::vector<unsigned char> bytes;
  unsigned bits = 0;
  int count = 0;
  for (const char c : text) {
    const std::size_t value = digits.find(c);
    if (value == std::string::npos) break;  // '=' or the end
    bits = (bits << 6) | unsigned(value);
    if ((count += 6) >= 8) bytes.push_back(static_cast<unsigned char>(bits >> (count -= 8)));
  }
  return bytes;
}

TEST(AppFigureExport, AMapFigureHasItsAxesItsParametersAndNoEmptyBandAsPngAndSvg) {
  ScratchDir dir;
  const ProgramResult app = run_app_headless(
      dir,
      "backend cpu\npreset pearson-lambda\nsize 320 180\nset map-F-low 0\nset map-F-high 0.08\n"
      "set map-k-low 0.03\nset map-k-high 0.07\nset mode map\nreset\nstep 200\npause\n"
      "run-frames 2\nscreenshot " +
          (dir / "field.png").string() + "\nscreenshot " + (dir / "figure.svg").string() +
          "\nset export-overlays on\nscreenshot " + (dir / "figure.png").string() + "\nquit\n");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const app::ExportLayout layout = app::layout_export({320, 180}, false, 2);
  const Image png = load_png(dir / "figure.png");
  ASSERT_EQ(png.width, layout.canvas.width);
  ASSERT_EQ(png.height, layout.canvas.height) << "no caption: no strip kept for one";
  EXPECT_EQ(layout.caption.height, 0.0f);
  EXPECT_GT(white_pixels(png, layout.x_axis), 300) << "the k axis's labels and name";
  EXPECT_GT(white_pixels(png, layout.y_axis), 300) << "the F axis's labels and name";
  EXPECT_GT(white_pixels(png, layout.parameters), 500) << "the parameter lines";
  // Under the x axis's name only a margin, not an empty band.
  EXPECT_LE(float(png.height) - layout.x_axis.bottom(), layout.text_px) << "a margin, no band";

  const std::string svg = file_text(dir / "figure.svg");
  ASSERT_FALSE(svg.empty());
  const ProgramResult parsed = run_program(
      "/usr/bin/python3", {"-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])",
                           (dir / "figure.svg").string()});
  EXPECT_EQ(parsed.exit_code, 0) << "not well-formed XML: " << parsed.err;
  EXPECT_NE(svg.find("width=\"" + std::to_string(layout.canvas.width) + "\" height=\"" +
                     std::to_string(layout.canvas.height) + "\""),
            std::string::npos)
      << "the PNG's layout";
  for (const char* words :
       {">parameter map: F 0 to 0.08 (up), k 0.03 to 0.07 (right)", ">k</text>", ">F</text>",
        ">0.08</text>", ">0.03</text>", ">0.07</text>", ">v</text>", ">0.5</text>"})
    EXPECT_NE(svg.find(words), std::string::npos) << words;
  EXPECT_EQ(svg.find("pearson-lambda"), std::string::npos)
      << "the preset's rates are not in effect";
  // The field inside it: the field screenshot's pixels exactly.
  const std::string marker = "data:image/png;base64,";
  const std::size_t at = svg.find(marker);
  ASSERT_NE(at, std::string::npos);
  const std::vector<unsigned char> embedded = from_base64(svg.substr(at + marker.size()));
  std::ofstream(dir / "embedded.png", std::ios::binary)
      .write(reinterpret_cast<const char*>(embedded.data()), std::streamsize(embedded.size()));
  const Image inside = load_png(dir / "embedded.png"), field = load_png(dir / "field.png");
  ASSERT_EQ(inside.width, 320);
  ASSERT_EQ(inside.height, 180);
  EXPECT_EQ(inside.rgb, field.rgb);
}

}  // namespace
}  // namespace gs::test
