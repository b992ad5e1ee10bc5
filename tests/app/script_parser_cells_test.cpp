// The script commands that act on the field in grid cells: the brush, the parameter map's
// pick and its settings, zoom and pan.
#include <gtest/gtest.h>

#include "script_parser.h"

namespace gs::app {
namespace {

TEST(ScriptParser, PaintAndErase) {
  Expected<std::vector<ScriptLine>> lines =
      parse_script("paint 10 20.5 4\npaint 1 2 3 0.9\nerase 5 6 7\n", "p.gs");
  ASSERT_TRUE(lines) << lines.message();
  const auto& first = std::get<command::Paint>((*lines)[0].command);
  EXPECT_EQ(first.x, 10.0f);
  EXPECT_EQ(first.y, 20.5f);
  EXPECT_EQ(first.radius, 4.0f);
  EXPECT_EQ(first.value, 0.5f);
  EXPECT_FALSE(first.erase);
  EXPECT_EQ(std::get<command::Paint>((*lines)[1].command).value, 0.9f);
  EXPECT_TRUE(std::get<command::Paint>((*lines)[2].command).erase);
  EXPECT_FALSE(parse_script("paint 1 2\n", "p.gs"));
  EXPECT_FALSE(parse_script("paint 1 2 0\n", "p.gs"));
  EXPECT_FALSE(parse_script("erase 1 2 3 4\n", "p.gs"));
  EXPECT_FALSE(parse_script("paint 1 nan 3\n", "p.gs"));
  EXPECT_FALSE(first.from) << "a disc";
}

TEST(ScriptParser, PaintAndEraseFromASegmentStart) {
  Expected<std::vector<ScriptLine>> lines = parse_script(
      "paint 10 20.5 4 from 1 2\npaint 10 20 4 0.9 from -3 7.5\nerase 5 6 7 from 8 9\n", "p.gs");
  ASSERT_TRUE(lines) << lines.message();
  const auto& first = std::get<command::Paint>((*lines)[0].command);
  EXPECT_EQ(first.value, 0.5f);
  ASSERT_TRUE(first.from);
  EXPECT_EQ(first.from->x, 1.0f);
  EXPECT_EQ(first.from->y, 2.0f);
  const auto& second = std::get<command::Paint>((*lines)[1].command);
  EXPECT_EQ(second.value, 0.9f);
  EXPECT_EQ(second.from->x, -3.0f);
  EXPECT_EQ(second.from->y, 7.5f);
  const auto& third = std::get<command::Paint>((*lines)[2].command);
  EXPECT_TRUE(third.erase);
  EXPECT_EQ(third.from->y, 9.0f);
  const Expected<std::vector<ScriptLine>> half = parse_script("paint 1 2 3 from 4\n", "p.gs");
  ASSERT_FALSE(half);
  EXPECT_EQ(half.message(), "p.gs:1: paint needs X Y RADIUS [VALUE] [from X0 Y0]");
  EXPECT_FALSE(parse_script("paint 1 2 3 from 4 nan\n", "p.gs"));
  EXPECT_FALSE(parse_script("erase 1 2 3 0.5 from 4 5\n", "p.gs")) << "erase takes no value";
  EXPECT_FALSE(parse_script("paint from 4 5\n", "p.gs"));
  EXPECT_FALSE(parse_script("paint 1 2 3 to 4 5\n", "p.gs"));
}

TEST(ScriptParser, ViewZoomCenterAndReset) {
  Expected<std::vector<ScriptLine>> lines =
      parse_script("view zoom 4\nview center 10 20.5\nview reset\n", "v.gs");
  ASSERT_TRUE(lines) << lines.message();
  EXPECT_EQ(std::get<command::ViewZoom>((*lines)[0].command).zoom, 4.0f);
  EXPECT_EQ(std::get<command::ViewCenter>((*lines)[1].command).y, 20.5f);
  EXPECT_TRUE(std::holds_alternative<command::ViewReset>((*lines)[2].command));
  const Expected<std::vector<ScriptLine>> too_far = parse_script("view zoom 65\n", "v.gs");
  ASSERT_FALSE(too_far);
  EXPECT_EQ(too_far.message(), "v.gs:1: view zoom: '65' must be from 1 to 64");
  EXPECT_FALSE(parse_script("view zoom 0.5\n", "v.gs"));
  EXPECT_FALSE(parse_script("view center 1\n", "v.gs"));
  EXPECT_FALSE(parse_script("view centre 1 2\n", "v.gs"));
  EXPECT_FALSE(parse_script("view zoom nan\n", "v.gs"));
}

}  // namespace
}  // namespace gs::app

namespace gs::app {
namespace {

TEST(ScriptParser, PickAndMapSettings) {
  Expected<std::vector<ScriptLine>> lines = parse_script(
      "set mode map\nset map-F-high 0.08\nset reseed-on-pick on\npick 12 34.5\n", "m.gs");
  ASSERT_TRUE(lines) << lines.message();
  const auto& mode = std::get<command::SetSimulation>((*lines)[0].command);
  EXPECT_EQ(mode.control, SimulationControl::MapMode);
  EXPECT_EQ(mode.value, ControlValue{true});
  EXPECT_EQ(std::get<command::Pick>((*lines)[3].command).y, 34.5f);
  EXPECT_FALSE(parse_script("set mode maps\n", "m.gs"));
  EXPECT_FALSE(parse_script("pick 1\n", "m.gs"));
  EXPECT_FALSE(parse_script("set map-k-low abc\n", "m.gs"));
}

}  // namespace
}  // namespace gs::app
