// The frame pacer with made-up timings: a frame's compute is `call + step * n` ms and the rest of
// the frame a fixed time, as the app would measure them, frame after frame.
#include <gtest/gtest.h>

#include <functional>

#include "frame_pacer.h"

namespace gs::app {
namespace {

struct Machine {
  double call_ms = 0.0;
  double step_ms = 0.25;
  double rest_ms = 3.0;
};

// Runs `frames` frames on `machine`; returns the last frame's decision.
PaceDecision run(FramePacer& pacer, const PaceRequest& request, const Machine& machine,
                 int frames) {
  PaceDecision decision;
  for (int i = 0; i < frames; ++i) {
    decision = pacer.next(request);
    const double compute =
        decision.steps > 0 ? machine.call_ms + machine.step_ms * decision.steps : 0.0;
    pacer.frame_done(decision.steps, compute, decision.steps, compute + machine.rest_ms);
  }
  return decision;
}

// Steps that fill a 60 Hz frame on this machine.
int best_steps(const Machine& m) {
  return int((1000.0 / 60.0 - m.rest_ms - m.call_ms) / m.step_ms);
}

TEST(FramePacer, PausedFramesRunOnlyThePendingStepsOneAtATimeUntilMeasured) {
  FramePacer pacer;
  PaceRequest paused;
  paused.running = false;
  EXPECT_EQ(pacer.next(paused).steps, 0);
  paused.pending_steps = 5;
  EXPECT_EQ(pacer.next(paused).steps, 1) << "no step time measured yet: one at a time";
  pacer.frame_done(1, 2.0, 1, 3.0);  // 2 ms a step
  paused.pending_steps = 4;
  EXPECT_EQ(pacer.next(paused).steps, 4);
}

// A GPU's kernel times arrive a frame or more late: the step time comes from the steps the
// measured call ran, not from the frame's own count.
TEST(FramePacer, TheStepTimeComesFromTheStepsTheMeasuredCallRan) {
  FramePacer pacer;
  pacer.frame_done(64, 2.0, 8, 5.0);  // this frame ran 64; the finished call 8 in 2 ms
  EXPECT_DOUBLE_EQ(pacer.step_ms(), 0.25) << "not 2 / 64";
  pacer.frame_done(64, 0.0, 0, 5.0);  // nothing finished yet: the estimate stays
  EXPECT_DOUBLE_EQ(pacer.step_ms(), 0.25);
}

TEST(FramePacer, AnAskedCountIsCappedToKeepThirtyFramesASecondAndSaysWhy) {
  FramePacer pacer;
  PaceRequest asked;
  asked.asked = 1000;
  const PaceDecision decision = run(pacer, asked, {0.0, 2.0, 3.0}, 30);
  EXPECT_EQ(decision.asked, 1000);
  EXPECT_GE(decision.steps, 12);  // (33.3 - 3) / 2 = 15 steps fit; at 12, the frame has room
  EXPECT_LE(decision.steps, 16);
  EXPECT_NE(decision.capped.find("30 frames/s"), std::string::npos) << decision.capped;
  EXPECT_NE(decision.capped.find("2.00 ms a step"), std::string::npos) << decision.capped;
  asked.asked = 5;
  const PaceDecision small = pacer.next(asked);
  EXPECT_EQ(small.steps, 5);
  EXPECT_EQ(small.capped, "");
}

TEST(FramePacer, AutoFillsTheRefreshPeriod) {
  FramePacer pacer;
  const Machine quiet;
  const PaceDecision decision = run(pacer, {}, quiet, 120);
  EXPECT_GE(decision.steps, best_steps(quiet) * 3 / 4);
  EXPECT_LE(decision.steps, best_steps(quiet) * 5 / 4);
  EXPECT_NEAR(pacer.step_ms(), 0.25, 0.01);
}

TEST(FramePacer, AFixedEightMillisecondOverheadDoesNotPinTheCountAtOne) {
  FramePacer pacer;
  const Machine busy_ui{0.0, 0.25, 8.0};
  const PaceDecision decision = run(pacer, {}, busy_ui, 120);
  EXPECT_GE(decision.steps, best_steps(busy_ui) * 3 / 4) << "about 34 fit";
}

// Drawing takes most of the 60 Hz frame, or more (software OpenGL beside busy programs): the
// steps still get as much time as the drawing, down to 30 frames/s, not the least budget.
TEST(FramePacer, WhenTheRestOfTheFrameFillsTheRefreshPeriodTheStepsStillGetTheirShare) {
  FramePacer pacer;
  const Machine slow_drawing{0.0, 0.25, 14.0};
  const PaceDecision decision = run(pacer, {}, slow_drawing, 120);
  EXPECT_GE(decision.steps, 40) << "14 ms of drawing, 14 of steps: 56";
  EXPECT_LE(0.25 * decision.steps + 14.0, 2 * 14.0 * 1.3) << "and not much more";
  const Machine slower{0.0, 0.25, 20.0};
  const PaceDecision overrun = run(pacer, {}, slower, 120);
  EXPECT_GE(overrun.steps, 40) << "(33.3 - 20) / 0.25 = 53 fit in a frame of 30 per second";
  EXPECT_LE(0.25 * overrun.steps + 20.0, 1000.0 / 30.0 * 1.3) << "and not much more";
  const Machine quiet;
  const PaceDecision after = run(pacer, {}, quiet, 60);
  EXPECT_LE(0.25 * after.steps + quiet.rest_ms, 1000.0 / 60.0 * 1.2)
      << "back to the refresh period once drawing fits";
}

TEST(FramePacer, ACostlyCallIsToldApartFromTheStepsAndDoesNotPinTheCountAtOne) {
  // The twin under contention: each call waits ~7 ms for a preempted thread.
  FramePacer pacer;
  const Machine contended{7.0, 0.25, 2.0};
  const PaceDecision decision = run(pacer, {}, contended, 120);
  EXPECT_GE(decision.steps, best_steps(contended) * 3 / 4) << "about 30 fit";
  EXPECT_NEAR(pacer.call_ms(), 7.0, 1.0);
  EXPECT_NEAR(pacer.step_ms(), 0.25, 0.05);
}

TEST(FramePacer, ASlowSpellIsForgottenWithinASecondOfQuietFrames) {
  FramePacer pacer;
  run(pacer, {}, {0.0, 2.0, 3.0}, 180);  // three seconds at 2 ms a step
  const Machine quiet;
  const PaceDecision after = run(pacer, {}, quiet, 60);  // one second at 60 Hz
  EXPECT_GE(after.steps, best_steps(quiet) * 3 / 4);
}

TEST(FramePacer, ARecordingTakesItsFixedCountWhateverItCosts) {
  FramePacer pacer;
  PaceRequest recording;
  recording.fixed_steps = 500;
  const PaceDecision decision = run(pacer, recording, {0.0, 2.0, 3.0}, 10);
  EXPECT_EQ(decision.steps, 500);
  EXPECT_EQ(decision.capped, "");
  recording.running = false;
  EXPECT_EQ(pacer.next(recording).steps, 0) << "a paused recording takes no steps";
}

}  // namespace
}  // namespace gs::app
