// What the Timings figures describe: the backend (its loop or its launch), the grid, the
// transfer path, the steps asked per frame, the parameter map and whether it runs. The frame
// statistics compare it each frame and restart their averages when any part changes, so a
// figure never mixes two configurations (frame_stats.h).
#pragma once

#include <string>

#include "commands.h"

namespace gs::app {

class Simulation;

struct TimingsConfiguration {
  // "CPU twin fast, 1920x1080, upload, auto steps/frame, running": for --stats-json and tests.
  std::string text;
  // Counts backend replacements: a new backend of the same kind starts its own figures.
  int backend_generation = 0;

  bool operator==(const TimingsConfiguration& other) const {
    return text == other.text && backend_generation == other.backend_generation;
  }
  bool operator!=(const TimingsConfiguration& other) const { return !(*this == other); }
};

TimingsConfiguration timings_configuration(const Simulation& simulation, TransferPath transfer);

}  // namespace gs::app
