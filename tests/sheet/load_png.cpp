#include "load_png.h"

#include <stb_image.h>

namespace gs::test {

sheet::RgbImage load_png(const std::filesystem::path& path) {
  sheet::RgbImage image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (data) {
    image.rgb.assign(data, data + std::size_t(image.width) * image.height * 3);
    stbi_image_free(data);
  }
  return image;
}

}  // namespace gs::test
