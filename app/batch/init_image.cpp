#include "init_image.h"

#include <sstream>

namespace gs::batch {

app::PictureSeedOptions init_image_options(const BatchOptions& options) {
  app::PictureSeedOptions seed;
  // The command line checked the names against the same lists.
  seed.placement.channel = *parse_enum<app::PictureChannel>(options.init_image_channel);
  seed.placement.from_bright = options.init_image_bright;
  seed.placement.fit = *parse_enum<app::PictureFit>(options.init_image_fit);
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
