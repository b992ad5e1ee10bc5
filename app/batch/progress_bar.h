// A one-line progress bar on stderr, drawn only when stdout and stderr are terminals and only
// once a run has lasted about a second, so short runs and pipes stay clean.
#pragma once

#include <chrono>

namespace gs::batch {

class ProgressBar {
 public:
  explicit ProgressBar(long long total);
  ~ProgressBar();
  void update(long long done);

 private:
  using Clock = std::chrono::steady_clock;
  long long total_;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_draw_{};
};

}  // namespace gs::batch
