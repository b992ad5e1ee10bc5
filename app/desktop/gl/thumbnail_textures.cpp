#include "thumbnail_textures.h"

#include <glad/gl.h>

#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "gl_errors.h"
#include "gs/status.h"
#include "picture_file.h"

namespace gs::app {
namespace {

// The largest thumbnail read: the list draws them a few dozen pixels across (the build makes
// them 128 pixels a side); anything larger is not one of ours.
constexpr int kMaxThumbnailSide = 1024;

// The thumbnail's RGBA pixels, read and checked as every picture is (picture_file.h), then
// checked as a thumbnail.
Expected<Picture> checked_thumbnail(Expected<Picture> picture, const std::filesystem::path& path) {
  const std::string unusable = ": the preset list shows no picture for it";
  if (!picture) return Error{"thumbnail " + picture.message() + unusable};
  if (picture->width > kMaxThumbnailSide || picture->height > kMaxThumbnailSide)
    return Error{"thumbnail '" + path.string() + "' is " + std::to_string(picture->width) + "x" +
                 std::to_string(picture->height) + " pixels, past the " +
                 std::to_string(kMaxThumbnailSide) + " a side a thumbnail may have" + unusable};
  return picture;
}

// A texture holding the pixels, linearly filtered (mipmapped: the list draws it smaller); 0 and
// GL's error where it could not be made.
Expected<GLuint> upload(const Picture& pixels, const std::filesystem::path& path) {
  clear_gl_errors();
  GLuint texture = 0;
  glGenTextures(1, &texture);
  GLint alignment = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of RGBA bytes, any width
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, pixels.width, pixels.height, 0, GL_RGBA,
               GL_UNSIGNED_BYTE, pixels.rgba.data());
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
  std::vector<std::string> found;  // the presets with a thumbnail made (the others show none)
  std::vector<std::filesystem::path> paths;
  for (const std::string& name : names) {
    const std::filesystem::path path = folder / (name + ".png");
    std::error_code missing;
    if (!std::filesystem::is_regular_file(path, missing)) continue;
    found.push_back(name);
    paths.push_back(path);
  }
  // All read by one picture reader: a helper process a thumbnail would cost the start dearly.
  std::vector<Expected<Picture>> pictures = read_pictures(paths);
  for (std::size_t i = 0; i < found.size(); ++i) {
    const Expected<Picture> pixels = checked_thumbnail(std::move(pictures[i]), paths[i]);
    if (!pixels) {
      problems.push_back(pixels.message());
      continue;
    }
    const Expected<GLuint> texture = upload(*pixels, paths[i]);
    if (!texture) {
      problems.push_back(texture.message());
      continue;
    }
    loaded.ids_[found[i]] = std::uintptr_t(*texture);
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
