// --init-image: a picture as the starting pattern. The options as the pictures library takes them
// (app/pictures/picture_seed.h), the picture read once, and the starting rows made from it: the
// whole grid, or one rank's block alone (seed_rows_from_picture makes any band to the bit).
#pragma once

#include <string>

#include "batch_options.h"
#include "gs/fields.h"
#include "gs/status.h"
#include "picture_file.h"
#include "picture_seed.h"

namespace gs::batch {

// The seed's options: --init-image-* and --seed.
app::PictureSeedOptions init_image_options(const BatchOptions& options);

// The picture --init-image names, or one line naming the file and what is wrong with it.
Expected<app::Picture> read_init_image(const BatchOptions& options);

// What seeded a run, as an atlas's `init` attribute tells it: "image FILE" and the options that
// differ from the defaults ("image logo.png fit=fill threshold=0.5").
std::string init_image_description(const BatchOptions& options);

}  // namespace gs::batch
