// When the frame loop may sleep: never while anything moves or a script line is due, a few
// frames after input, otherwise until the script's next line or a slow redraw; and when the
// script runner's next line is due.
#include <gtest/gtest.h>

#include <limits>

#include "idle_wait.h"
#include "script_runner.h"

namespace gs::app {
namespace {

constexpr double kNoDeadline = std::numeric_limits<double>::infinity();

// Draws the frames the loop may draw at `now` without waiting; how many.
int frames_drawn_now(IdleWait& idle, double now, bool busy, double due) {
  int frames = 0;
  while (frames < 100 && idle.wait_s(now, busy, due) == 0.0) {
    idle.frame_drawn(now);
    ++frames;
  }
  return frames;
}

TEST(IdleWait, DrawsWhileBusyThenSettlesThenWaits) {
  IdleWait idle;
  EXPECT_EQ(frames_drawn_now(idle, 0.0, false, kNoDeadline), IdleWait::kSettleFrames)
      << "the first frames draw the panel";
  EXPECT_NEAR(idle.wait_s(0.0, false, kNoDeadline), IdleWait::kIdleRedrawS, 1e-12);
  EXPECT_EQ(idle.wait_s(0.0, true, kNoDeadline), 0.0) << "running, every pass draws";
  idle.frame_drawn(0.0);
  // Paused after running: the settling frames, then a wait.
  EXPECT_EQ(frames_drawn_now(idle, 0.1, false, kNoDeadline), IdleWait::kSettleFrames - 1);
  EXPECT_NEAR(idle.wait_s(0.6, false, kNoDeadline), 0.5, 1e-12) << "until the slow redraw";
  EXPECT_EQ(frames_drawn_now(idle, 1.1, false, kNoDeadline), 1) << "the slow redraw is one frame";
}

TEST(IdleWait, InputAndTheScriptWakeTheLoop) {
  IdleWait idle;
  frames_drawn_now(idle, 0.0, false, kNoDeadline);
  idle.input();
  EXPECT_EQ(frames_drawn_now(idle, 0.2, false, kNoDeadline), IdleWait::kSettleFrames);
  // A script line due in 0.3 s: the wait ends then, before the slow redraw.
  EXPECT_NEAR(idle.wait_s(0.2, false, 0.5), 0.3, 1e-12);
  EXPECT_EQ(idle.wait_s(0.5, false, 0.5), 0.0);
  EXPECT_EQ(frames_drawn_now(idle, 0.5, false, 0.5), 100) << "due lines draw until applied";
  EXPECT_EQ(frames_drawn_now(idle, 0.5, false, kNoDeadline), IdleWait::kSettleFrames - 1)
      << "after the last busy frame, the settling ones";
}

TEST(ScriptRunner, SaysWhenItsNextLineIsDue) {
  Expected<std::vector<ScriptLine>> lines =
      parse_script("pause\nrun-frames 2\nwait 4\nquit\n", "t.gs");
  ASSERT_TRUE(lines) << lines.message();
  ScriptRunner runner(std::move(lines).value());
  EXPECT_EQ(runner.next_due_s(), 0.0) << "the first line, at once";
  ASSERT_EQ(runner.due(1.0, false).size(), 1u);  // pause; run-frames holds the script
  EXPECT_EQ(runner.next_due_s(), 0.0) << "frames to show";
  runner.frame_shown();
  runner.frame_shown();
  EXPECT_TRUE(runner.due(1.5, false).empty());  // wait 4
  EXPECT_EQ(runner.next_due_s(), 5.5);
  ASSERT_EQ(runner.due(5.5, false).size(), 1u);  // quit
  EXPECT_EQ(runner.next_due_s(), kNoDeadline);
}

}  // namespace
}  // namespace gs::app
