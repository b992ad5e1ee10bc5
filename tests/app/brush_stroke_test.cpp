// The brush's drag between frames: each frame's paint reaches back to where the drag was the
// frame before, a new drag starts where its button went down (a disc where that is unknown), and
// the simulation paints the segment it is given.
#include <gtest/gtest.h>

#include "brush_stroke.h"
#include "cpu_simulation.h"
#include "simulation.h"

namespace gs::app {
namespace {

TEST(BrushStroke, EachFramePaintsFromWhereTheDragWasTheFrameBefore) {
  BrushStroke stroke;
  const std::optional<command::Paint> pressed =
      stroke.paint_at(GridPoint{10, 20}, true, std::nullopt, false, 3, 0.7f);
  ASSERT_TRUE(pressed);
  EXPECT_FALSE(pressed->from) << "a press paints a disc";
  EXPECT_EQ(pressed->x, 10.0f);
  EXPECT_EQ(pressed->radius, 3.0f);
  EXPECT_EQ(pressed->value, 0.7f);
  const std::optional<command::Paint> moved =
      stroke.paint_at(GridPoint{40, 25}, false, std::nullopt, false, 3, 0.7f);
  ASSERT_TRUE(moved && moved->from);
  EXPECT_EQ(moved->from->x, 10.0f);
  EXPECT_EQ(moved->from->y, 20.0f);
  EXPECT_EQ(moved->x, 40.0f);
  EXPECT_EQ(moved->y, 25.0f);
  const std::optional<command::Paint> still =
      stroke.paint_at(GridPoint{40, 25}, false, std::nullopt, false, 3, 0.7f);
  ASSERT_TRUE(still && still->from);
  EXPECT_EQ(still->from->x, 40.0f) << "standing still: a zero-length segment, the disc";
}

TEST(BrushStroke, ADragSeenLateStartsWhereItsButtonWentDown) {
  // A slow frame first sees the drag 30 cells on: its paint reaches back to the press.
  BrushStroke stroke;
  const std::optional<command::Paint> first =
      stroke.paint_at(GridPoint{40, 20}, true, GridPoint{10, 20}, false, 3, 0.7f);
  ASSERT_TRUE(first && first->from);
  EXPECT_EQ(first->from->x, 10.0f);
  EXPECT_EQ(first->x, 40.0f);
  // Pressed off the field (no point): a disc where the drag is.
  BrushStroke off;
  const std::optional<command::Paint> disc =
      off.paint_at(GridPoint{40, 20}, true, std::nullopt, false, 3, 0.7f);
  ASSERT_TRUE(disc);
  EXPECT_FALSE(disc->from);
}

TEST(BrushStroke, ADragReleasedBetweenFramesEndsWhereItsButtonCameUp) {
  BrushStroke stroke;
  ASSERT_TRUE(stroke.paint_at(GridPoint{10, 20}, true, std::nullopt, true, 3, 0.7f));
  const std::optional<command::Paint> last = stroke.end_at(GridPoint{90, 20}, 3, 0.7f);
  ASSERT_TRUE(last && last->from);
  EXPECT_EQ(last->from->x, 10.0f);
  EXPECT_EQ(last->x, 90.0f);
  EXPECT_TRUE(last->erase) << "the drag's own mode";
  // The drag is over: another release, or one with no point, paints nothing.
  EXPECT_FALSE(stroke.end_at(GridPoint{95, 20}, 3, 0.7f));
  ASSERT_TRUE(stroke.paint_at(GridPoint{10, 20}, true, std::nullopt, false, 3, 0.7f));
  EXPECT_FALSE(stroke.end_at(std::nullopt, 3, 0.7f));
  EXPECT_FALSE(stroke.end_at(GridPoint{95, 20}, 3, 0.7f));
}

TEST(BrushStroke, ANewDragStartsFresh) {
  BrushStroke stroke;
  ASSERT_TRUE(stroke.paint_at(GridPoint{10, 20}, true, std::nullopt, false, 3, 0.5f));
  // Released (or the mouse left the field): nothing, and the drag is over.
  EXPECT_FALSE(stroke.paint_at(std::nullopt, false, std::nullopt, false, 3, 0.5f));
  const std::optional<command::Paint> again =
      stroke.paint_at(GridPoint{50, 5}, false, std::nullopt, false, 3, 0.5f);
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->from);
  // A press this frame (a release and a press between two frames) starts afresh too.
  const std::optional<command::Paint> repressed =
      stroke.paint_at(GridPoint{60, 5}, true, std::nullopt, false, 3, 0.5f);
  ASSERT_TRUE(repressed);
  EXPECT_FALSE(repressed->from);
  // Switching from painting to erasing.
  const std::optional<command::Paint> erase =
      stroke.paint_at(GridPoint{70, 5}, false, std::nullopt, true, 3, 0.5f);
  ASSERT_TRUE(erase);
  EXPECT_TRUE(erase->erase);
  EXPECT_FALSE(erase->from);
  // A jump longer than a backend paints in one segment starts afresh rather than failing.
  const std::optional<command::Paint> far =
      stroke.paint_at(GridPoint{70 + kMaxBrushSegment + 1, 5}, false, std::nullopt, true, 3, 0.5f);
  ASSERT_TRUE(far);
  EXPECT_FALSE(far->from);
}

TEST(BrushStroke, TheSimulationPaintsTheSegmentItIsGiven) {
  const std::unique_ptr<Simulation> created = test::cpu_simulation({64, 48});
  ASSERT_TRUE(created);
  Simulation& simulation = *created;
  ASSERT_TRUE(simulation.apply(command::Paint{4, 4, 64, 0, true}));  // a blank field
  ASSERT_TRUE(
      simulation.apply(command::Paint{50.5f, 30.5f, 1.5f, 0.8f, false, GridPoint{10.5f, 30.5f}}));
  Fields fields;
  ASSERT_TRUE(simulation.backend().copy_out(fields));
  int painted = 0;
  for (int x = 0; x < 64; ++x) {
    const bool on_the_segment = x >= 9 && x <= 51;  // centres within 1.5 of 10.5 to 50.5
    EXPECT_EQ(fields.v[std::size_t(30) * 64 + std::size_t(x)], on_the_segment ? 0.8f : 0.0f) << x;
    painted += fields.v[std::size_t(30) * 64 + std::size_t(x)] > 0.0f;
  }
  EXPECT_EQ(painted, 43);
  EXPECT_EQ(fields.v[std::size_t(32) * 64 + 30], 0.0f) << "1.5 cells wide on either side";
  EXPECT_EQ(fields.v[std::size_t(31) * 64 + 30], 0.8f);
  // A segment a backend refuses to paint is refused with the backend's reason.
  const Status refused =
      simulation.apply(command::Paint{1, 1, 2, 0.5f, false, GridPoint{1 + 20000.0f, 1}});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.message().find("within 16384 cells"), std::string::npos) << refused.message();
}

}  // namespace
}  // namespace gs::app
