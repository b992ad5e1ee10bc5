// The Simulation section's "Seed from image...": a picture's path and the seed's options
// (picture_seed.h), sent as a `seed-image` command; and the brush's stamp, which stamps the last
// seed's picture where the field is clicked.
#pragma once

#include "control_panel.h"

namespace gs::app {

void seed_image_controls(const PanelContext& c);

}  // namespace gs::app
