// The presets' thumbnails (RGB PNGs made at build time, <data>/thumbnails/<preset>.png) as GL
// textures, loaded once at start and freed with this object. A preset without a readable file
// has no texture: the preset list then shows a placeholder. GL-free header: the UI reads only
// the names' texture ids. Main (GL) thread only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace gs::app {

// A preset's name -> its GL texture name, as ImGui's OpenGL renderer reads an ImTextureID.
using TextureIds = std::map<std::string, std::uintptr_t, std::less<>>;

class ThumbnailTextures {
 public:
  // Loads `folder`/NAME.png for each name where the file exists; a file that cannot be read or
  // uploaded is skipped and its problem added to `problems` (one line each).
  static ThumbnailTextures load(const std::filesystem::path& folder,
                                const std::vector<std::string>& names,
                                std::vector<std::string>& problems);

  ThumbnailTextures() = default;
  ~ThumbnailTextures();
  ThumbnailTextures(ThumbnailTextures&& other) noexcept;
  ThumbnailTextures& operator=(ThumbnailTextures&& other) noexcept;
  ThumbnailTextures(const ThumbnailTextures&) = delete;
  ThumbnailTextures& operator=(const ThumbnailTextures&) = delete;

  const TextureIds& ids() const { return ids_; }

 private:
  void free_textures();

  TextureIds ids_;
};

}  // namespace gs::app
