#include "init_image.h"

#include <sstream>

namespace gs::batch {

app::PictureSeedOptions init_image_options(const BatchOptions& options) {
  app::PictureSeedOptions seed;
  seed.placement = options.init_image_placement.placement();
  seed.threshold = options.init_image_threshold;
  seed.noise = options.init_image_noise;
  seed.seed = options.seed;
  return seed;
}

Expected<app::Picture> read_init_image(const BatchOptions& options) {
  Expected<app::Picture> picture = app::read_picture(*options.init_image);
  if (!picture) return Error{"--init-image: " + picture.message()};
  return picture;
}

std::string init_image_description(const BatchOptions& options) {
  const app::PictureSeedOptions seed = init_image_options(options);
  const app::PictureSeedOptions defaults;
  std::ostringstream text;
  text << "image " << *options.init_image;
  if (seed.placement.channel != defaults.placement.channel)
    text << " channel=" << to_string(seed.placement.channel);
  if (seed.placement.from_bright) text << " bright";
  if (seed.placement.fit != defaults.placement.fit)
    text << " fit=" << to_string(seed.placement.fit);
  if (seed.threshold) text << " threshold=" << *seed.threshold;
  if (seed.noise > 0) text << " noise=" << seed.noise << " seed=" << seed.seed;
  return text.str();
}

}  // namespace gs::batch
