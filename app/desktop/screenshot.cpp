#include "screenshot.h"

#include <stb_image_write.h>

#include "gs/output_file.h"

namespace gs::app {

std::vector<std::uint8_t> colorize(const std::vector<float>& field, const std::vector<Rgb>& table,
                                   float low, float high) {
  std::vector<std::uint8_t> rgb(field.size() * 3);
  for (std::size_t i = 0; i < field.size(); ++i) {
    const Rgb colour = apply_colormap(table, field[i], low, high);
    rgb[3 * i] = colour[0];
    rgb[3 * i + 1] = colour[1];
    rgb[3 * i + 2] = colour[2];
  }
  return rgb;
}

Status write_png(const std::filesystem::path& path, GridSize size,
                 const std::vector<std::uint8_t>& rgb) {
  if (rgb.size() != size.cells() * 3) return Error{"screenshot: image does not match the grid"};
  OutputFile output(path);
  GS_TRY(output.check_writable());
  if (stbi_write_png(output.temp_path().c_str(), size.width, size.height, 3, rgb.data(),
                     size.width * 3) == 0)
    return Error{"cannot write the screenshot '" + path.string() + "'"};
  return output.commit();
}

}  // namespace gs::app
