#include "thumbnail_textures.h"

#include <glad/gl.h>
#include <stb_image.h>

#include <memory>
#include <system_error>
#include <utility>

#include "gl_errors.h"
#include "gs/status.h"

namespace gs::app {
namespace {

// The RGB pixels of a PNG, freed by stb_image.
struct Pixels {
  std::unique_ptr<unsigned char, void (*)(void*)> rgb{nullptr, stbi_image_free};
  int width = 0, height = 0;
};

Expected<Pixels> read_rgb(const std::filesystem::path& path) {
  Pixels pixels;
  int channels = 0;
  pixels.rgb.reset(
      stbi_load(path.string().c_str(), &pixels.width, &pixels.height, &channels, STBI_rgb));
  if (!pixels.rgb)
    return Error{"thumbnail '" + path.string() + "' is not a readable PNG (" +
                 stbi_failure_reason() + "): the preset list shows no picture for it"};
  return pixels;
}

// A texture holding the pixels, linearly filtered (mipmapped: the list draws it smaller); 0 and
// GL's error where it could not be made.
Expected<GLuint> upload(const Pixels& pixels, const std::filesystem::path& path) {
  clear_gl_errors();
  GLuint texture = 0;
  glGenTextures(1, &texture);
  GLint alignment = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of RGB bytes
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, pixels.width, pixels.height, 0, GL_RGB, GL_UNSIGNED_BYTE,
               pixels.rgb.get());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    glDeleteTextures(1, &texture);
    return Error{"cannot make a texture of thumbnail '" + path.string() + "' (GL error " +
                 std::to_string(error) + "): the preset list shows no picture for it"};
  }
  return texture;
}

}  // namespace

ThumbnailTextures ThumbnailTextures::load(const std::filesystem::path& folder,
                                          const std::vector<std::string>& names,
                                          std::vector<std::string>& problems) {
  ThumbnailTextures loaded;
  for (const std::string& name : names) {
    const std::filesystem::path path = folder / (name + ".png");
    std::error_code missing;
    if (!std::filesystem::is_regular_file(path, missing)) continue;  // not made (yet): no picture
    Expected<Pixels> pixels = read_rgb(path);
    if (!pixels) {
      problems.push_back(pixels.message());
      continue;
    }
    const Expected<GLuint> texture = upload(*pixels, path);
    if (!texture) {
      problems.push_back(texture.message());
      continue;
    }
    loaded.ids_[name] = std::uintptr_t(*texture);
  }
  return loaded;
}

ThumbnailTextures::~ThumbnailTextures() {
  free_textures();
}

ThumbnailTextures::ThumbnailTextures(ThumbnailTextures&& other) noexcept
    : ids_(std::exchange(other.ids_, {})) {}

ThumbnailTextures& ThumbnailTextures::operator=(ThumbnailTextures&& other) noexcept {
  if (this != &other) {
    free_textures();
    ids_ = std::exchange(other.ids_, {});
  }
  return *this;
}

void ThumbnailTextures::free_textures() {
  for (const auto& [name, id] : ids_) {
    const GLuint texture = GLuint(id);
    glDeleteTextures(1, &texture);
  }
  ids_.clear();
}

}  // namespace gs::app
