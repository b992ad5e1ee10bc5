// The Timings follow each switch: their averages restart when the configuration they describe
// changes (grid, path, kernel, block, backend, loop, steps per frame, running), leave out the
// change's own frames, and are fresh within a few frames; `wait-timings` holds a script until
// they are, at once when paused, and at most its cap.
#include <gtest/gtest.h>

#include "cpu_simulation.h"
#include "frame_stats.h"
#include "script_parser.h"
#include "script_runner.h"
#include "simulation.h"
#include "timings_configuration.h"
#include "timings_wait.h"

namespace gs::app {
namespace {

FrameTiming frame_of(std::size_t pcie_bytes, double frame_ms = 10.0) {
  FrameTiming frame;
  frame.steps = 4;
  frame.kernel_ms = 1.0;
  frame.kernel_steps = 4;
  frame.frame_ms = frame_ms;
  frame.pcie_bytes = pcie_bytes;
  return frame;
}

TEST(TimingsRestart, AChangeRestartsTheAveragesLeavingOutItsOwnFrames) {
  FrameStats stats;
  const TimingsConfiguration small{"CPU twin fast, 256x256, upload", 0};
  const TimingsConfiguration large{"CPU twin fast, 1920x1080, upload", 0};
  for (int i = 0; i < 50; ++i) stats.add(frame_of(262144), {256, 256}, small);
  EXPECT_EQ(stats.frames_in_average(), 50u - FrameStats::kSettleFrames);
  EXPECT_EQ(stats.restarts(), 0);
  EXPECT_TRUE(stats.fresh());

  for (int i = 0; i < FrameStats::kSettleFrames; ++i) {
    stats.add(frame_of(8294400), {1920, 1080}, large);
    EXPECT_EQ(stats.frames_in_average(), 0u) << "the change's own frames are left out";
    EXPECT_FALSE(stats.fresh());
  }
  EXPECT_EQ(stats.restarts(), 1);
  EXPECT_EQ(stats.configuration().text, large.text);
  stats.add(frame_of(8294400), {1920, 1080}, large);
  // One frame in, the figure is the new grid's alone, not a blend with the old one's.
  EXPECT_EQ(stats.recent_average().pcie_bytes, 8294400u);
  EXPECT_FALSE(stats.fresh());
  for (std::size_t i = 1; i < FrameStats::kFreshFrames; ++i)
    stats.add(frame_of(8294400), {1920, 1080}, large);
  EXPECT_TRUE(stats.fresh());
  // The plot keeps every frame across the change.
  EXPECT_EQ(stats.history().size(), 50u + FrameStats::kSettleFrames + FrameStats::kFreshFrames);
}

TEST(TimingsRestart, TheLongAverageHoldsTheLastHundredsOfFramesOfASteadyState) {
  FrameStats stats;
  const TimingsConfiguration steady{"steady", 0};
  for (std::size_t i = 0; i < 2 * FrameStats::kHistory; ++i)
    stats.add(frame_of(i < FrameStats::kHistory ? 100 : 300), {8, 8}, steady);
  EXPECT_EQ(stats.frames_in_average(), FrameStats::kHistory);
  EXPECT_EQ(stats.recent_average().pcie_bytes, 300u);
  EXPECT_EQ(stats.restarts(), 0);
}

TEST(TimingsRestart, SlowFramesAreFreshAfterHalfASecond) {
  FrameStats stats;
  const TimingsConfiguration slow{"slow", 0};
  for (int i = 0; i < FrameStats::kSettleFrames; ++i) stats.add(frame_of(1, 400.0), {8, 8}, slow);
  stats.add(frame_of(1, 400.0), {8, 8}, slow);
  EXPECT_FALSE(stats.fresh());
  stats.add(frame_of(1, 400.0), {8, 8}, slow);
  EXPECT_TRUE(stats.fresh()) << "two frames of 400 ms";
}

TEST(TimingsRestart, ANewBackendOfTheSameKindIsANewConfiguration) {
  FrameStats stats;
  stats.add(frame_of(1), {8, 8}, {"CPU twin fast", 1});
  stats.add(frame_of(1), {8, 8}, {"CPU twin fast", 2});
  EXPECT_EQ(stats.restarts(), 1);
}

class TimingsConfigurationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    simulation = test::cpu_simulation({64, 48});
    ASSERT_TRUE(simulation);
  }
  // Whether `command` changes the configuration the Timings describe.
  bool changes(const SimulationCommand& command) {
    const TimingsConfiguration before = timings_configuration(*simulation, TransferPath::Upload);
    EXPECT_TRUE(simulation->apply(command));
    return timings_configuration(*simulation, TransferPath::Upload) != before;
  }
  std::unique_ptr<Simulation> simulation;
};

TEST_F(TimingsConfigurationTest, NamesWhatTheFiguresDependOn) {
  const TimingsConfiguration start = timings_configuration(*simulation, TransferPath::Upload);
  EXPECT_EQ(start.text, "CPU twin fast, 64x48, upload, auto steps/frame, running");
  EXPECT_NE(timings_configuration(*simulation, TransferPath::Host), start) << "the transfer path";
  EXPECT_TRUE(changes(command::Resize{96, 48}));
  EXPECT_TRUE(changes(command::Pause{}));
  EXPECT_TRUE(changes(command::SetStepsPerFrame{8}));
  EXPECT_TRUE(changes(command::SetSimulation{SimulationControl::CpuPath, CpuTwinPath::Reference}));
  EXPECT_TRUE(changes(command::SelectBackend{BackendChoice::Cpu})) << "a new backend";
  EXPECT_EQ(timings_configuration(*simulation, TransferPath::Upload).text,
            "CPU twin reference, 96x48, upload, 8 steps/frame, paused");
  // What the figures do not depend on: the rates, a fresh start.
  EXPECT_FALSE(changes(command::LoadPreset{"coral"}));
  EXPECT_FALSE(changes(command::Reset{}));
}

TEST(TimingsWait, HoldsUntilFreshAndNotWhilePaused) {
  TimingsWait wait;
  std::string gave_up;
  EXPECT_FALSE(wait.holds(0.0, false, false, gave_up)) << "no wait asked";
  wait.start(5.0, "t.gs:4: ");
  EXPECT_TRUE(wait.holds(10.0, false, false, gave_up));
  EXPECT_TRUE(wait.holds(11.0, false, false, gave_up));
  EXPECT_FALSE(wait.holds(11.1, true, false, gave_up));
  EXPECT_FALSE(wait.holds(11.2, false, false, gave_up)) << "over once fresh";
  wait.start(5.0, "t.gs:6: ");
  EXPECT_FALSE(wait.holds(20.0, false, true, gave_up)) << "paused: the Timings say so at once";
  EXPECT_TRUE(gave_up.empty());
}

TEST(TimingsWait, GoesOnAtItsCapSayingSo) {
  TimingsWait wait;
  std::string gave_up;
  wait.start(2.0, "t.gs:4: ");
  EXPECT_TRUE(wait.holds(1.0, false, false, gave_up));  // the clock starts at the first check
  EXPECT_TRUE(wait.holds(2.9, false, false, gave_up));
  EXPECT_FALSE(wait.holds(3.0, false, false, gave_up));
  EXPECT_EQ(gave_up,
            "t.gs:4: wait-timings: the Timings had too few frames of this configuration after 2 s; "
            "the script goes on");
}

TEST(TimingsWait, IsAScriptLineThatHoldsTheRunnerLikeAStep) {
  Expected<std::vector<ScriptLine>> lines =
      parse_script("size 64 64\nwait-timings\ncaption new figures\nwait-timings 0.5\n", "t.gs");
  ASSERT_TRUE(lines) << lines.message();
  EXPECT_DOUBLE_EQ(std::get<command::WaitTimings>((*lines)[1].command).max_seconds, 5.0);
  EXPECT_DOUBLE_EQ(std::get<command::WaitTimings>((*lines)[3].command).max_seconds, 0.5);
  ScriptRunner runner(std::move(lines).value());
  EXPECT_EQ(runner.due(0.0, false).size(), 2u);  // size, wait-timings
  EXPECT_TRUE(runner.due(0.1, true).empty()) << "held while the app says busy";
  EXPECT_EQ(runner.due(0.2, false).size(), 2u);  // caption, wait-timings
  for (const char* bad :
       {"wait-timings 0", "wait-timings 61", "wait-timings x", "wait-timings 1 2"})
    EXPECT_FALSE(parse_script(bad, "t.gs")) << bad;
  EXPECT_EQ(parse_script("wait-timings 0", "t.gs").message(),
            "t.gs:1: wait-timings: '0' must be above 0 and at most 60 seconds");
}

}  // namespace
}  // namespace gs::app
