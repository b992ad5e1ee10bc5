// How many steps each displayed frame runs: the one place that decides it. Pure (no clock, no
// backend): the app tells it what each frame cost, tests feed it made-up timings.
//
// The cost model separates what a call to the backend costs once (waking threads, a barrier
// that waits for a preempted thread, a launch) from what each step costs: compute(n) = call +
// step * n, fitted over recent frames of different counts, the oldest forgotten first so a slow
// spell is not remembered for long. The rest of the frame (transfer, drawing, the panel) is
// measured apart. When frames have headroom the count grows a little past the model, which keeps
// the fit fed with different counts and stops a pessimistic estimate from pinning it low. On
// `auto` the steps get at least as much of a frame as the rest of it, down to 30 frames/s.
#pragma once

#include <optional>
#include <string>

namespace gs::app {

struct PaceRequest {
  bool running = true;
  std::optional<int> asked;  // steps per frame asked; nullopt: as many as the frame allows
  int pending_steps = 0;     // single steps still to run while paused
  // While recording, a running frame takes exactly this many, whatever it costs, so the video
  // runs at constant speed.
  std::optional<int> fixed_steps;
  double refresh_period_s = 1.0 / 60.0;  // the display's; the target on `auto`
};

struct PaceDecision {
  int steps = 0;
  int asked = 0;       // what was asked: the fixed or asked count, the pending steps, or on auto
                       // what the target frame time allows
  std::string capped;  // why steps < asked, for the panel; "" when they agree
};

class FramePacer {
 public:
  // With an explicit count, frames still keep to this (30 per second), so the UI stays fluid.
  static constexpr double kSlowestFrameS = 1.0 / 30.0;
  static constexpr int kMaxSteps = 10000;

  PaceDecision next(const PaceRequest& request);
  // What a frame did: the steps it ran, the backend's newest finished compute time and the steps
  // that time covers (on a GPU, usually an earlier frame's), and the frame's whole wall time.
  void frame_done(int steps, double compute_ms, int compute_steps, double frame_ms);

  // The model's figures (ms), for the panel and tests; 0 before any measurement.
  double step_ms() const { return step_ms_; }
  double call_ms() const { return call_ms_; }
  double rest_of_frame_ms() const { return rest_ms_; }

 private:
  // The frame time to aim at for a target of `target_ms`.
  double effective_target_ms(double target_ms) const;
  // Steps that fit in `target_ms` by the model (at least 1); `last_` grows when there was room.
  int affordable(double target_ms) const;

  // Exponentially weighted sums for the least-squares fit of compute_ms = call + step * steps.
  double weight_ = 0.0, sum_n_ = 0.0, sum_ms_ = 0.0, sum_nn_ = 0.0, sum_n_ms_ = 0.0;
  double call_ms_ = 0.0, step_ms_ = 0.0;  // the fit, as of the last frame
  double rest_ms_ = 0.0;
  int last_steps_ = 0;           // the previous frame's count...
  double last_target_ms_ = 0.0;  // ...and the frame time it aimed at
  bool had_headroom_ = false;    // whether that frame ended well inside its target
};

}  // namespace gs::app
