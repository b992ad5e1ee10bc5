// A PNG of the field at grid resolution through the view's colormap and range, without the UI.
// Written under a temporary name and renamed when complete; stb_image_write (the distribution's
// libstb) does the encoding and its result is checked.
#pragma once

#include <filesystem>
#include <vector>

#include "colormap.h"
#include "gs/fields.h"
#include "gs/status.h"

namespace gs::app {

// The field's rows top to bottom as RGB bytes, exactly as the fragment shader colours them.
std::vector<std::uint8_t> colorize(const std::vector<float>& field, const std::vector<Rgb>& table,
                                   float low, float high);
// The same into `rgb`, resized to fit: a recording reuses its frame buffers.
void colorize(const std::vector<float>& field, const std::vector<Rgb>& table, float low, float high,
              std::vector<std::uint8_t>& rgb);

Status write_png(const std::filesystem::path& path, GridSize size,
                 const std::vector<std::uint8_t>& rgb);

}  // namespace gs::app
