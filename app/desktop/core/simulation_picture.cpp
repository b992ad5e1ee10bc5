// The simulation seeded from a picture, and a picture stamped on it (simulation.h).
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "gs/data_paths.h"
#include "simulation.h"

namespace gs::app {

Status Simulation::seed_image(const command::SeedImage& seed) {
  // Everything is read and made before the running state is touched.
  Expected<Picture> picture = read_picture(script_file_path(seed.path));
  if (!picture) return Error{"seed-image: " + picture.message()};
  Fields start = seed_from_picture(*picture, seed.options, size());
  if (params_.style.enabled) {  // as a reset, the pattern starts again on the same style map
    Fields current;
    GS_TRY(backend_->copy_out(current));
    start.style = std::move(current.style);
  }
  GS_TRY(backend_->copy_in(start));
  message_ = "seeded from " + seed.path + " (" + std::to_string(picture->width) + "x" +
             std::to_string(picture->height) + " picture, " +
             std::string(gs::to_string(seed.options.placement.fit)) + " on the " +
             to_string(size()) + " grid)";
  last_picture_ = std::make_shared<const Picture>(std::move(picture).value());
  last_picture_options_ = seed.options;
  picture_seed_ = seed;
  divergence_.reset();
  total_steps_ = 0;
  edited_ = false;
  return Status::ok();
}

Status Simulation::stamp(const command::Stamp& stamp) {
  if (!last_picture_)
    return Error{"stamp: no picture to stamp yet (seed from one first: seed-image FILE)"};
  if (!(stamp.radius >= 0.5f && stamp.radius <= 4096.0f))
    return Error{"stamp: the radius must be from 0.5 to 4096 cells"};
  const GridSize grid = size();
  const int side = std::max(1, int(std::lround(2.0f * stamp.radius)));
  const int left = int(std::lround(stamp.x - 0.5f * float(side)));
  const int top = int(std::lround(stamp.y - 0.5f * float(side)));
  // The stamp's square as a grid of its own, seeded as a seed of that grid would be; only its
  // rows go through the backend (rows past the grid's edges wrap, as the field does).
  const Fields square = seed_from_picture(*last_picture_, last_picture_options_, {side, side});
  const int rows = std::min(side, grid.height);
  for (int r = 0; r < rows; ++r) {
    const int y = ((top + r) % grid.height + grid.height) % grid.height;
    Fields row;
    GS_TRY(backend_->read_rows(y, 1, row));
    for (int c = 0; c < std::min(side, grid.width); ++c) {
      const int x = ((left + c) % grid.width + grid.width) % grid.width;
      const std::size_t from = std::size_t(r) * std::size_t(side) + std::size_t(c);
      row.u[std::size_t(x)] = square.u[from];
      row.v[std::size_t(x)] = square.v[from];
    }
    GS_TRY(backend_->write_rows(y, row));
  }
  edited_ = true;
  message_ = "stamped the picture at (" + std::to_string(int(stamp.x)) + ", " +
             std::to_string(int(stamp.y)) + ")";
  return Status::ok();
}

}  // namespace gs::app
