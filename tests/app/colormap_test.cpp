// The built-in colormaps, each held to what its source promises: a full table from its first stop
// to its last, lightness that only rises for the perceptual sequential maps, a cyclic map that
// ends where it starts, diverging maps lightest in the middle; and the names a person sees in the
// help and in the message for a name the app does not know.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "colormap.h"
#include "controls.h"
#include "view_controls.h"

namespace gs::app {
namespace {

// CIE L* (0 black to 100 white) of an sRGB colour.
double lightness(const Rgb& rgb) {
  const auto linear = [](std::uint8_t c) {
    const double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  const double y = 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
  return y > 216.0 / 24389.0 ? 116.0 * std::cbrt(y) - 16.0 : y * 24389.0 / 27.0;
}

std::vector<double> lightness_of(const char* name) {
  const std::optional<Colormap> map = find_colormap(name);
  EXPECT_TRUE(map.has_value()) << name;
  std::vector<double> l;
  if (map)
    for (const Rgb& rgb : colormap_table(*map)) l.push_back(lightness(rgb));
  return l;
}

// Stops are 8-bit colours: a step down of up to half a unit of L* is rounding, not the map.
constexpr double kRounding = 0.5;

bool rises(const std::vector<double>& l, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i + 1 <= to; ++i)
    if (l[i + 1] < l[i] - kRounding) return false;
  return true;
}

bool falls(const std::vector<double>& l, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i + 1 <= to; ++i)
    if (l[i + 1] > l[i] + kRounding) return false;
  return true;
}

const char* const kAllMaps[] = {"viridis",   "magma",    "inferno", "turbo",
                                "grayscale", "two-tone", "plasma",  "cividis",
                                "twilight",  "coolwarm", "RdBu",    "Spectral"};

TEST(Colormaps, TwelveMapsEachAFullTableFromItsFirstStopToItsLast) {
  std::set<std::string> names;
  for (const Colormap& map : builtin_colormaps()) {
    names.insert(map.name);
    ASSERT_GE(map.stops.size(), 2u) << map.name;
    const std::vector<Rgb> table = colormap_table(map);
    ASSERT_EQ(table.size(), std::size_t(kColormapSize)) << map.name;
    EXPECT_EQ(table.front(), map.stops.front()) << map.name;
    EXPECT_EQ(table.back(), map.stops.back()) << map.name;
    const std::optional<Colormap> reversed = find_colormap(map.name + "_r");
    ASSERT_TRUE(reversed.has_value()) << map.name;
    EXPECT_EQ(colormap_table(*reversed).front(), table.back()) << map.name;
  }
  EXPECT_GE(names.size(), 12u);
  for (const char* name : kAllMaps) EXPECT_EQ(names.count(name), 1u) << name;
}

TEST(Colormaps, ThePublishedEndsAreKept) {
  // matplotlib's first and last entries, to 8 bits (plasma 0.050383 0.029803 0.527975, ...).
  EXPECT_EQ(find_colormap("plasma")->stops.front(), (Rgb{13, 8, 135}));
  EXPECT_EQ(find_colormap("plasma")->stops.back(), (Rgb{240, 249, 33}));
  EXPECT_EQ(find_colormap("cividis")->stops.front(), (Rgb{0, 34, 78}));
  EXPECT_EQ(find_colormap("cividis")->stops.back(), (Rgb{254, 232, 56}));
  // Moreland's cool-warm: 59 76 192 to 180 4 38; ColorBrewer's RdBu: 103 0 31 to 5 48 97.
  EXPECT_EQ(find_colormap("coolwarm")->stops.front(), (Rgb{59, 76, 192}));
  EXPECT_EQ(find_colormap("coolwarm")->stops.back(), (Rgb{180, 4, 38}));
  EXPECT_EQ(find_colormap("RdBu")->stops.front(), (Rgb{103, 0, 31}));
  EXPECT_EQ(find_colormap("RdBu")->stops.back(), (Rgb{5, 48, 97}));
}

TEST(Colormaps, PerceptualSequentialMapsOnlyGetLighter) {
  for (const char* name : {"viridis", "magma", "inferno", "plasma", "cividis", "grayscale"}) {
    const std::vector<double> l = lightness_of(name);
    ASSERT_EQ(l.size(), std::size_t(kColormapSize));
    EXPECT_TRUE(rises(l, 0, l.size() - 1)) << name;
    EXPECT_GT(l.back() - l.front(), 60.0) << name << " spans most of the lightness scale";
  }
  // The check can fail: turbo, a rainbow, rises and falls.
  const std::vector<double> turbo = lightness_of("turbo");
  EXPECT_FALSE(rises(turbo, 0, turbo.size() - 1));
}

TEST(Colormaps, TwilightIsCyclicAndDivergingMapsAreLightestInTheMiddle) {
  const std::vector<Rgb> twilight = colormap_table(*find_colormap("twilight"));
  EXPECT_EQ(twilight.front(), twilight.back()) << "a cyclic map ends where it starts";
  const std::vector<double> l = lightness_of("twilight");
  const std::size_t darkest = std::size_t(std::min_element(l.begin(), l.end()) - l.begin());
  EXPECT_NEAR(double(darkest), 127.5, 8.0);
  EXPECT_TRUE(falls(l, 0, darkest) && rises(l, darkest, l.size() - 1));

  for (const char* name : {"coolwarm", "RdBu"}) {
    const std::vector<double> d = lightness_of(name);
    const std::size_t middle = std::size_t(kColormapSize / 2);
    EXPECT_TRUE(rises(d, 0, middle) && falls(d, middle, d.size() - 1)) << name;
    EXPECT_NEAR(d.front(), d.back(), 1.0) << name << ": both ends equally dark";
    EXPECT_GT(d[middle] - d.front(), 40.0) << name;
  }
}

TEST(Colormaps, AnUnknownNameIsRefusedWithTheKnownNames) {
  ViewState view;
  Settings settings;
  const Expected<ViewEffect> refused =
      apply_view_control(ViewControl::Colormap, std::string("classic"), view, settings);
  ASSERT_FALSE(refused);
  const std::string message = refused.message();
  EXPECT_EQ(message.rfind("unknown colormap 'classic' (one of: viridis, magma, ", 0), 0u)
      << message;
  for (const Colormap& map : builtin_colormaps())
    EXPECT_NE(message.find(map.name), std::string::npos) << map.name << " in " << message;
  EXPECT_NE(message.find("each also reversed as NAME_r)"), std::string::npos) << message;
  // The script help lists the same names.
  EXPECT_EQ(std::string(spec_of(ViewControl::Colormap).values), colormap_names());
  // Every listed name is one the app takes, reversed too.
  for (const Colormap& map : builtin_colormaps()) {
    EXPECT_TRUE(apply_view_control(ViewControl::Colormap, map.name + "_r", view, settings));
    EXPECT_EQ(view.colormap, map.name + "_r");
  }
}

}  // namespace
}  // namespace gs::app
