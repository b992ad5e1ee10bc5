// A script's `wait-timings` (timings_wait.h).
#include "timings_wait.h"

#include "script_words.h"

namespace gs::app {

void TimingsWait::start(double max_seconds, std::string origin) {
  active_ = true;
  max_seconds_ = max_seconds;
  origin_ = std::move(origin);
  since_s_.reset();
}

bool TimingsWait::holds(double now_s, bool fresh, bool paused, std::string& gave_up) {
  if (!active_) return false;
  if (!since_s_) since_s_ = now_s;
  if (fresh || paused) {
    active_ = false;
    return false;
  }
  if (now_s - *since_s_ < max_seconds_) return true;
  active_ = false;
  gave_up = origin_ + "wait-timings: the Timings had too few frames of this configuration after " +
            number_text(max_seconds_) + " s; the script goes on";
  return false;
}

}  // namespace gs::app
