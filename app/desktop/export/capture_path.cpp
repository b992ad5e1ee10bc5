// Timestamped capture names (capture_path.h).
#include "capture_path.h"

#include <ctime>
#include <string>

namespace gs::app {

std::filesystem::path timestamped_capture_path(const std::filesystem::path& folder) {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::filesystem::path path = folder / ("grayscott-" + std::string(stamp) + ".png");
  for (int n = 2; std::filesystem::exists(path); ++n)
    path = folder / ("grayscott-" + std::string(stamp) + "-" + std::to_string(n) + ".png");
  return path;
}

}  // namespace gs::app
