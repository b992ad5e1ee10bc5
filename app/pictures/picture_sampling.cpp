#include "picture_sampling.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace gs::app {
namespace {

// Rec. 709 weights on the stored (gamma-encoded) values: what "how dark it looks" means to a user.
float luminance(const std::uint8_t* rgba) {
  return (0.2126f * float(rgba[0]) + 0.7152f * float(rgba[1]) + 0.0722f * float(rgba[2])) / 255.0f;
}

// The picture's strengths, row-major. A transparent pixel has none whatever its colour, so a
// logo on a transparent background seeds only where it is drawn.
std::vector<float> channel_strengths(const Picture& picture, const PicturePlacement& placement) {
  std::vector<float> strengths(std::size_t(picture.width) * std::size_t(picture.height));
  for (std::size_t i = 0; i < strengths.size(); ++i) {
    const std::uint8_t* pixel = picture.rgba.data() + 4 * i;
    const float alpha = float(pixel[3]) / 255.0f;
    float value = 0;
    switch (placement.channel) {
      case PictureChannel::Luminance:
        value = luminance(pixel);
        break;
      case PictureChannel::Red:
        value = float(pixel[0]) / 255.0f;
        break;
      case PictureChannel::Green:
        value = float(pixel[1]) / 255.0f;
        break;
      case PictureChannel::Blue:
        value = float(pixel[2]) / 255.0f;
        break;
      case PictureChannel::Alpha:
        value = alpha;
        break;
    }
    const float strength = placement.from_bright ? value : 1.0f - value;
    strengths[i] = placement.channel == PictureChannel::Alpha ? strength : strength * alpha;
  }
  return strengths;
}

// One picture pixel's share of a grid cell along one axis; pixel -1 is off the picture.
struct Tap {
  int pixel;
  float weight;
};

// The taps of every cell along one axis: cell i is taps[start[i]] up to taps[start[i + 1]].
struct AxisTaps {
  std::vector<std::size_t> start;
  std::vector<Tap> taps;
};

// Where the picture lies along one axis: cell x of the grid is picture position (x - offset) /
// scale; `wrap` repeats it (tile), otherwise what it does not cover is off the picture.
struct AxisPlacement {
  double scale;
  double offset;
  bool wrap;
};

int resolve(long pixel, int pixels, bool wrap, bool clamp) {
  if (wrap) return int(((pixel % pixels) + pixels) % pixels);
  if (pixel >= 0 && pixel < pixels) return int(pixel);
  return clamp ? int(std::clamp<long>(pixel, 0, pixels - 1)) : -1;
}

AxisTaps axis_taps(int cells, int pixels, AxisPlacement at) {
  AxisTaps axis;
  axis.start.reserve(std::size_t(cells) + 1);
  const auto add = [&](long pixel, double weight, bool clamp) {
    const int resolved = resolve(pixel, pixels, at.wrap, clamp);
    if (resolved >= 0 && weight > 0) axis.taps.push_back({resolved, float(weight)});
  };
  for (int cell = 0; cell < cells; ++cell) {
    axis.start.push_back(axis.taps.size());
    const double from = (cell - at.offset) / at.scale, to = (cell + 1 - at.offset) / at.scale;
    if (at.scale < 1) {  // a cell covers more than a pixel: the pixels' average over it
      for (long pixel = long(std::floor(from)); double(pixel) < to; ++pixel)
        add(pixel, (std::min(to, double(pixel + 1)) - std::max(from, double(pixel))) / (to - from),
            false);
      continue;
    }
    const double centre = (cell + 0.5 - at.offset) / at.scale;  // bilinear at the cell's centre
    if (!at.wrap && (centre < 0 || centre >= pixels)) continue;
    const double position = centre - 0.5, below = std::floor(position);
    add(long(below), 1 - (position - below), true);
    add(long(below) + 1, position - below, true);
  }
  axis.start.push_back(axis.taps.size());
  return axis;
}

std::pair<AxisPlacement, AxisPlacement> placement_of(const Picture& picture, PictureFit fit,
                                                     GridSize grid) {
  const double across = double(grid.width) / picture.width;
  const double down = double(grid.height) / picture.height;
  const auto centred = [](double scale, int cells, int pixels, bool whole_cells, bool wrap) {
    const double offset = (cells - pixels * scale) / 2;
    return AxisPlacement{scale, whole_cells ? std::floor(offset) : offset, wrap};
  };
  switch (fit) {
    case PictureFit::Stretch:
      return {{across, 0, false}, {down, 0, false}};
    case PictureFit::Fit:
    case PictureFit::Fill: {
      const double scale = fit == PictureFit::Fit ? std::min(across, down) : std::max(across, down);
      return {centred(scale, grid.width, picture.width, false, false),
              centred(scale, grid.height, picture.height, false, false)};
    }
    case PictureFit::Tile:
    case PictureFit::Centre: {
      const bool wrap = fit == PictureFit::Tile;
      return {centred(1, grid.width, picture.width, true, wrap),
              centred(1, grid.height, picture.height, true, wrap)};
    }
  }
  return {{across, 0, false}, {down, 0, false}};
}

}  // namespace

std::vector<float> picture_strengths(const Picture& picture, const PicturePlacement& placement,
                                     GridSize grid, int first, int count) {
  const std::vector<float> strengths = channel_strengths(picture, placement);
  const auto [across, down] = placement_of(picture, placement.fit, grid);
  const AxisTaps columns = axis_taps(grid.width, picture.width, across);
  const AxisTaps rows = axis_taps(grid.height, picture.height, down);
  std::vector<float> out(std::size_t(grid.width) * std::size_t(count));
  std::vector<float> line(std::size_t(picture.width));
  for (int r = 0; r < count; ++r) {
    const long wrapped = (long(first) + r) % grid.height;
    const int y = int(wrapped < 0 ? wrapped + grid.height : wrapped);
    std::fill(line.begin(), line.end(), 0.0f);  // the picture's rows, weighted, for this row
    for (std::size_t t = rows.start[std::size_t(y)]; t < rows.start[std::size_t(y) + 1]; ++t) {
      const float* source = strengths.data() + std::size_t(rows.taps[t].pixel) * line.size();
      for (std::size_t x = 0; x < line.size(); ++x) line[x] += rows.taps[t].weight * source[x];
    }
    float* target = out.data() + std::size_t(r) * std::size_t(grid.width);
    for (int x = 0; x < grid.width; ++x) {
      float sum = 0;
      for (std::size_t t = columns.start[std::size_t(x)]; t < columns.start[std::size_t(x) + 1];
           ++t)
        sum += columns.taps[t].weight * line[std::size_t(columns.taps[t].pixel)];
      target[x] = std::clamp(sum, 0.0f, 1.0f);
    }
  }
  return out;
}

}  // namespace gs::app
