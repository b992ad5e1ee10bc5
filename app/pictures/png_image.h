// Fields as pictures: colouring through a colormap table exactly as the app's fragment shader
// does, and PNG files written whole (stb_image_write, the distribution's libstb, encodes in
// memory; the file goes through a temporary name and a rename). GL-free and libav-free, for the
// app's screenshots, grayscott-sheet and a sweep's contact sheet alike.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "colormap.h"
#include "gs/fields.h"
#include "gs/output_file.h"
#include "gs/status.h"

namespace gs::app {

// The field's rows top to bottom as RGB bytes, exactly as the fragment shader colours them.
std::vector<std::uint8_t> colorize(const std::vector<float>& field, const std::vector<Rgb>& table,
                                   float low, float high);
// The same into `rgb`, resized to fit: a recording reuses its frame buffers.
void colorize(const std::vector<float>& field, const std::vector<Rgb>& table, float low, float high,
              std::vector<std::uint8_t>& rgb);

// An RGB8 picture of `size` pixels as a PNG's bytes (none where it cannot be encoded).
std::vector<unsigned char> encode_png(GridSize size, const std::vector<std::uint8_t>& rgb);

// An RGB8 picture of `size` pixels as a PNG at `path`.
Status write_png(const std::filesystem::path& path, GridSize size,
                 const std::vector<std::uint8_t>& rgb);
// The same, left under its temporary name for the caller to commit (gs/output_file.h), so that
// several pictures appear together or none does.
Expected<OutputFile> stage_png(const std::filesystem::path& path, GridSize size,
                               const std::vector<std::uint8_t>& rgb);

}  // namespace gs::app
