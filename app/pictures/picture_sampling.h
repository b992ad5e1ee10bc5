// A picture laid onto a grid: one channel of it (or its luminance) as strengths in [0, 1],
// placed by a fit mode and resampled to the grid's cells (area-averaged where a cell covers
// several pixels, bilinear where it covers less than one). A seed and a style map both start
// here. Any band of rows can be made without the rest, to the bit, as a rank of a grid over
// ranks needs; rows before 0 or past the grid wrap around it, as halo rows do.
#pragma once

#include <vector>

#include "gs/enum_names.h"
#include "gs/fields.h"
#include "picture_file.h"

namespace gs::app {

enum class PictureChannel { Luminance, Red, Green, Blue, Alpha };
inline constexpr EnumNames<PictureChannel, 5> kPictureChannelNames{
    {{PictureChannel::Luminance, "luminance"},
     {PictureChannel::Red, "red"},
     {PictureChannel::Green, "green"},
     {PictureChannel::Blue, "blue"},
     {PictureChannel::Alpha, "alpha"}}};
constexpr const auto& enum_names(PictureChannel) {
  return kPictureChannelNames;
}

// How the picture is placed: stretched onto the whole grid; scaled to fit inside it (the rest
// is empty); scaled to fill it (the overflow cropped); or at one cell a pixel, repeated (tile) or
// once in the middle (centre). Whatever the picture does not cover has strength 0.
enum class PictureFit { Stretch, Fit, Fill, Tile, Centre };
inline constexpr EnumNames<PictureFit, 5> kPictureFitNames{{{PictureFit::Stretch, "stretch"},
                                                            {PictureFit::Fit, "fit"},
                                                            {PictureFit::Fill, "fill"},
                                                            {PictureFit::Tile, "tile"},
                                                            {PictureFit::Centre, "centre"}}};
constexpr const auto& enum_names(PictureFit) {
  return kPictureFitNames;
}

struct PicturePlacement {
  PictureChannel channel = PictureChannel::Luminance;
  bool from_bright = false;  // strength 1 where the picture is bright, not where it is dark
  PictureFit fit = PictureFit::Fit;
};

// Strengths of `picture` on a grid: rows [first, first + count) of `grid`, row-major.
std::vector<float> picture_strengths(const Picture& picture, const PicturePlacement& placement,
                                     GridSize grid, int first, int count);

}  // namespace gs::app
