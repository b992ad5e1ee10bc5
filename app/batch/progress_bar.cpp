#include "progress_bar.h"

#include <unistd.h>

#include <cstdio>

namespace gs::batch {

ProgressBar::ProgressBar(long long total)
    : total_(total), enabled_(total > 0 && isatty(STDOUT_FILENO) && isatty(STDERR_FILENO)) {}

ProgressBar::~ProgressBar() {
  if (drawn_) std::fprintf(stderr, "\r\033[K");  // leave the terminal as it was
}

void ProgressBar::update(long long done) {
  if (!enabled_) return;
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (elapsed < 1.0 || now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;
  constexpr int kWidth = 40;
  const double fraction = double(done) / double(total_);
  const int filled = int(fraction * kWidth);
  const double remaining = fraction > 0 ? elapsed * (1.0 - fraction) / fraction : 0.0;
  char bar[kWidth + 1];
  for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '.';
  bar[kWidth] = '\0';
  std::fprintf(stderr, "\r[%s] %5.1f%%  %lld/%lld steps  %.0f s left\033[K", bar, 100.0 * fraction,
               done, total_, remaining);
  std::fflush(stderr);
}

}  // namespace gs::batch
