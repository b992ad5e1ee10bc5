#include "png_image.h"

#include <stb_image_write.h>

#include "gs/output_file.h"

namespace gs::app {

std::vector<std::uint8_t> colorize(const std::vector<float>& field, const std::vector<Rgb>& table,
                                   float low, float high) {
  std::vector<std::uint8_t> rgb;
  colorize(field, table, low, high, rgb);
  return rgb;
}

void colorize(const std::vector<float>& field, const std::vector<Rgb>& table, float low, float high,
              std::vector<std::uint8_t>& rgb) {
  rgb.resize(field.size() * 3);
  for (std::size_t i = 0; i < field.size(); ++i) {
    const Rgb colour = apply_colormap(table, field[i], low, high);
    rgb[3 * i] = colour[0];
    rgb[3 * i + 1] = colour[1];
    rgb[3 * i + 2] = colour[2];
  }
}

Status write_png(const std::filesystem::path& path, GridSize size,
                 const std::vector<std::uint8_t>& rgb) {
  Expected<OutputFile> staged = stage_png(path, size, rgb);
  if (!staged) return staged.status();
  return staged->commit();
}

Expected<OutputFile> stage_png(const std::filesystem::path& path, GridSize size,
                               const std::vector<std::uint8_t>& rgb) {
  if (rgb.size() != size.cells() * 3) return Error{"a picture that does not match its size"};
  // Encoded in memory, then written through one checked path: stb's own file writer ignores
  // failed writes, which on a full disk left a cut PNG reported as saved.
  const std::vector<unsigned char> png = encode_png(size, rgb);
  if (png.empty()) return Error{"cannot encode the PNG '" + path.string() + "'"};
  return write_file_staged(path, png.data(), png.size());
}

std::vector<unsigned char> encode_png(GridSize size, const std::vector<std::uint8_t>& rgb) {
  std::vector<unsigned char> png;
  if (rgb.size() != size.cells() * 3) return png;
  const auto append = [](void* context, void* data, int bytes) {
    auto* out = static_cast<std::vector<unsigned char>*>(context);
    const auto* first = static_cast<const unsigned char*>(data);
    out->insert(out->end(), first, first + bytes);
  };
  if (stbi_write_png_to_func(append, &png, size.width, size.height, 3, rgb.data(),
                             size.width * 3) == 0)
    png.clear();
  return png;
}

}  // namespace gs::app
