// The frame pacer's model and decisions (frame_pacer.h).
#include "frame_pacer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gs::app {
namespace {

// Each new frame's sample outweighs the older ones: after 30 frames a sample counts 1%, so half
// a second at 60 Hz replaces a slow spell's figures.
constexpr double kForget = 0.85;
// Below this, the fit's counts are too alike to tell a call's cost from a step's.
constexpr double kMinCountVariance = 0.25;
// A frame that ends inside this share of its target had room for more steps.
constexpr double kHeadroom = 0.85;
// The least time a frame gives the steps, even when the rest of the frame fills its target.
constexpr double kMinStepBudgetMs = 2.0;

struct Fit {
  double call_ms = 0.0;
  double step_ms = 0.0;
};

// The least-squares line through the weighted samples. When the counts are too alike to tell a
// call's cost from a step's (a steady count), the last call cost told apart is kept.
Fit fit(double weight, double sum_n, double sum_ms, double sum_nn, double sum_n_ms,
        double known_call_ms) {
  if (weight <= 0.0 || sum_n <= 0.0) return {};
  const double mean_n = sum_n / weight;
  const double variance = sum_nn / weight - mean_n * mean_n;
  if (variance >= kMinCountVariance) {
    const double step = (weight * sum_n_ms - sum_n * sum_ms) / (weight * sum_nn - sum_n * sum_n);
    const double call = (sum_ms - step * sum_n) / weight;
    if (step > 0.0 && call >= 0.0) return {call, step};
  }
  const double step = (sum_ms - known_call_ms * weight) / sum_n;
  if (step > 0.0) return {known_call_ms, step};
  return {0.0, sum_ms / sum_n};  // all of it per step, the cautious reading
}

std::string milliseconds(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f ms", ms);
  return text;
}

}  // namespace

// The steps get at least as much of a frame as the rest of it, down to kSlowestFrameS: when
// drawing takes most of the refresh period (software OpenGL on a busy machine), frames slow a
// little rather than the simulation starving.
double FramePacer::effective_target_ms(double target_ms) const {
  const double fair = 2.0 * rest_ms_;
  if (fair <= target_ms) return target_ms;
  return std::max(target_ms, std::min(fair, kSlowestFrameS * 1e3));
}

int FramePacer::affordable(double target_ms) const {
  if (step_ms_ <= 0.0) return 1;  // nothing measured yet: one step at a time
  const double budget = std::max(kMinStepBudgetMs, target_ms - rest_ms_ - call_ms_);
  long steps = std::max(1L, long(std::floor(budget / step_ms_)));
  // Room left last frame: try a quarter more than then, whatever the model says.
  if (had_headroom_ && steps <= last_steps_) steps = last_steps_ + std::max(1, last_steps_ / 4);
  return int(std::min<long>(steps, kMaxSteps));
}

PaceDecision FramePacer::next(const PaceRequest& request) {
  const bool running = request.running;
  if (running && request.fixed_steps) return {*request.fixed_steps, *request.fixed_steps, ""};
  const double target_s = request.asked ? kSlowestFrameS : request.refresh_period_s;
  last_target_ms_ = effective_target_ms(target_s * 1e3);
  const int fits = affordable(last_target_ms_);
  if (!running) {
    const int steps = std::min(request.pending_steps, fits);
    return {steps, request.pending_steps,
            steps < request.pending_steps ? "single steps spread over frames" : ""};
  }
  if (!request.asked) return {fits, fits, ""};
  const int asked = *request.asked;
  if (fits >= asked) return {asked, asked, ""};
  return {fits, asked,
          "capped to keep 30 frames/s: " + milliseconds(step_ms_) + " a step, " +
              milliseconds(call_ms_) + " a call, " + milliseconds(rest_ms_) +
              " for the rest of the frame"};
}

void FramePacer::frame_done(int steps, double compute_ms, int compute_steps, double frame_ms) {
  if (compute_steps > 0 && compute_ms > 0.0) {
    const double n = compute_steps;
    weight_ = kForget * weight_ + 1.0;
    sum_n_ = kForget * sum_n_ + n;
    sum_ms_ = kForget * sum_ms_ + compute_ms;
    sum_nn_ = kForget * sum_nn_ + n * n;
    sum_n_ms_ = kForget * sum_n_ms_ + n * compute_ms;
  }
  // This frame's own compute: measured when the figures are its own (the CPU twin), else what
  // the model says its steps cost (a GPU's figures arrive late).
  const Fit model = fit(weight_, sum_n_, sum_ms_, sum_nn_, sum_n_ms_, call_ms_);
  call_ms_ = model.call_ms;
  step_ms_ = model.step_ms;
  const double own_compute = compute_steps == steps && compute_ms > 0.0
                                 ? compute_ms
                                 : (steps > 0 ? call_ms_ + step_ms_ * steps : 0.0);
  const double rest = std::max(0.0, frame_ms - own_compute);
  rest_ms_ = rest_ms_ == 0.0 ? rest : 0.8 * rest_ms_ + 0.2 * rest;
  had_headroom_ = steps > 0 && last_target_ms_ > 0.0 && frame_ms < kHeadroom * last_target_ms_;
  if (steps > 0) last_steps_ = steps;
}

}  // namespace gs::app
