#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "gs/presets.h"
#include "gs/style_gradient.h"

namespace gs {
namespace {

const std::filesystem::path kPresets =
    std::filesystem::path(GS_TEST_DATA_DIR) / "assets" / "presets.json";

TEST(Presets, ShippedLibraryLoadsWithEveryGroupAndValidParameters) {
  Expected<PresetLibrary> library = load_presets(kPresets);
  ASSERT_TRUE(library) << library.message();
  std::set<std::string> groups;
  for (const PresetGroup& g : library->groups) groups.insert(g.id);
  EXPECT_EQ(groups, (std::set<std::string>{"pearson", "named", "tutorial", "course", "hand-start",
                                           "styled"}));
  std::set<std::string> names;
  for (const Preset& p : library->presets) {
    EXPECT_TRUE(groups.count(p.group)) << p.name;
    EXPECT_TRUE(names.insert(p.name).second) << "duplicate " << p.name;
    ParamLayers over_defaults;
    over_defaults.preset = p.params;
    EXPECT_TRUE(validate(layer_params(over_defaults))) << p.name;
    EXPECT_FALSE(p.params.boundary) << p.name << ": presets do not choose the boundary";
    EXPECT_FALSE(p.description.empty()) << p.name;
    for (char c : p.name)
      EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << p.name;
  }
  EXPECT_GE(library->presets.size(), 40u);
}

TEST(Presets, ShippedPresetsSayWhereTheyComeFromAndWhatTheyShow) {
  Expected<PresetLibrary> library = load_presets(kPresets);
  ASSERT_TRUE(library) << library.message();
  for (const Preset& p : library->presets) {
    EXPECT_FALSE(p.source.empty()) << p.name;
    EXPECT_TRUE(p.expected) << p.name << ": start, steps, pattern and motion";
    // A preset that does not show what its name says explains why.
    if (p.expected && p.expected->pattern == PatternClass::Dead) {
      EXPECT_FALSE(p.note.empty()) << p.name;
    }
  }
  const Preset* alpha = library->find("pearson-alpha");
  ASSERT_NE(alpha, nullptr);
  EXPECT_NE(alpha->source.find("Pearson 1993"), std::string::npos);
  ASSERT_TRUE(alpha->expected);
  EXPECT_EQ(alpha->expected->start, InitPattern::Square);
  EXPECT_EQ(alpha->expected->steps, 10000);
  EXPECT_EQ(alpha->expected->pattern, PatternClass::Mixed);
  EXPECT_EQ(alpha->expected->motion, PatternMotion::Moving);
}

// The preset list groups by the measured class (docs/presets.md): the presets whose run dies out
// (pattern `dead`, which PresetPatterns checks on the twin) are the "hand start" group, and only
// they; their descriptions say the screen goes blank, the others' do not.
TEST(Presets, TheHandStartGroupIsExactlyThePresetsThatDieOut) {
  Expected<PresetLibrary> library = load_presets(kPresets);
  ASSERT_TRUE(library) << library.message();
  int dying = 0;
  for (const Preset& p : library->presets) {
    ASSERT_TRUE(p.expected) << p.name;
    const bool dies = p.expected->pattern == PatternClass::Dead;
    dying += dies ? 1 : 0;
    EXPECT_EQ(p.group == "hand-start", dies) << p.name << " in group " << p.group;
    EXPECT_EQ(p.description.find("goes blank") != std::string::npos, dies)
        << p.name << ": " << p.description;
  }
  EXPECT_EQ(dying, 8) << "docs/presets.md names eight that die out";
}

Expected<PresetLibrary> load_text(const std::string& text) {
  // A file of this test's own: ctest runs the tests that use it side by side.
  const auto path =
      std::filesystem::temp_directory_path() /
      ("gs-presets-" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) +
       ".json");
  std::ofstream(path) << text;
  Expected<PresetLibrary> library = load_presets(path);
  std::filesystem::remove(path);
  return library;
}

std::string one_preset(const std::string& extra) {
  return R"({"groups": [], "presets": [{"name": "x", "group": "g", "F": 0.03, "k": 0.06,
      "Du": 0.2, "Dv": 0.1, "dt": 1, "laplacian": "five-point")" +
         extra + "}]}";
}

TEST(Presets, TheOldFieldsAloneStillLoad) {
  Expected<PresetLibrary> library = load_text(one_preset(""));
  ASSERT_TRUE(library) << library.message();
  EXPECT_FALSE(library->presets.at(0).expected);
  EXPECT_TRUE(library->presets.at(0).source.empty());
}

TEST(Presets, TheNewFieldsAreReadAndChecked) {
  Expected<PresetLibrary> good = load_text(one_preset(
      R"(, "source": "s", "note": "n", "start": "grown-spots", "steps": 300, "pattern": "holes",
         "motion": "moving")"));
  ASSERT_TRUE(good) << good.message();
  const Preset& p = good->presets.at(0);
  EXPECT_EQ(p.source, "s");
  EXPECT_EQ(p.note, "n");
  ASSERT_TRUE(p.expected);
  EXPECT_EQ(p.expected->start, InitPattern::GrownSpots);
  EXPECT_EQ(p.expected->steps, 300);
  EXPECT_EQ(p.expected->pattern, PatternClass::Holes);
  EXPECT_EQ(p.expected->motion, PatternMotion::Moving);
  const std::pair<const char*, const char*> bad[] = {
      {R"(, "start": "square", "steps": 10, "pattern": "spots")", "go together"},
      {R"(, "start": "disc", "steps": 10, "pattern": "spots", "motion": "still")",
       "unknown start 'disc'"},
      {R"(, "start": "square", "steps": 0, "pattern": "spots", "motion": "still")", "steps"},
      {R"(, "start": "square", "steps": 2.5, "pattern": "spots", "motion": "still")", "whole"},
      {R"(, "start": "square", "steps": 10, "pattern": "dots", "motion": "still")",
       "unknown pattern 'dots'"},
      {R"(, "start": "square", "steps": 10, "pattern": "spots", "motion": "fast")",
       "unknown motion 'fast'"},
      {R"(, "source": 3)", "malformed"}};
  for (const auto& [extra, expected_message] : bad) {
    Expected<PresetLibrary> library = load_text(one_preset(extra));
    ASSERT_FALSE(library) << extra;
    EXPECT_NE(library.message().find(expected_message), std::string::npos) << library.message();
  }
}

TEST(Presets, CourseAndNamedSetsMatchTheReference) {
  Expected<PresetLibrary> library = load_presets(kPresets);
  ASSERT_TRUE(library);
  const Preset* course = library->find("course");
  ASSERT_NE(course, nullptr);
  EXPECT_FLOAT_EQ(course->params.F.value(), 0.014f);
  EXPECT_FLOAT_EQ(course->params.k.value(), 0.054f);
  EXPECT_FLOAT_EQ(course->params.Du.value(), 0.1f);
  EXPECT_FLOAT_EQ(course->params.Dv.value(), 0.05f);
  EXPECT_EQ(course->params.laplacian, Laplacian::Course);
  const Preset* coral = library->find("coral");
  ASSERT_NE(coral, nullptr);
  EXPECT_FLOAT_EQ(coral->params.Du.value(), 0.16f);
  EXPECT_FLOAT_EQ(coral->params.F.value(), 0.060f);
  EXPECT_EQ(coral->params.laplacian, Laplacian::FivePoint);
  const Preset* skate = library->find("u-skate-world");
  ASSERT_NE(skate, nullptr);
  EXPECT_FLOAT_EQ(skate->params.k.value(), 0.06093f);
}

TEST(Presets, NamesMatchCaseInsensitively) {
  Expected<PresetLibrary> library = load_presets(kPresets);
  ASSERT_TRUE(library);
  EXPECT_EQ(library->find("Pearson-THETA"), library->find("pearson-theta"));
  EXPECT_NE(library->find("Pearson-THETA"), nullptr);
  EXPECT_EQ(library->find("no-such-preset"), nullptr);
  EXPECT_NE(library->names().find("mitosis"), std::string::npos);
  Expected<const Preset*> required = library->require("MITOSIS");
  ASSERT_TRUE(required) << required.message();
  EXPECT_EQ(*required, library->find("mitosis"));
  Expected<const Preset*> unknown = library->require("no-such-preset");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.message().find("unknown preset 'no-such-preset' (valid: "), std::string::npos)
      << unknown.message();
}

// A styled preset: its gradient and set B (unnamed values left to set A), checked as the rest.
TEST(Presets, AStyledPresetsMapAndSetBAreReadAndChecked) {
  Expected<PresetLibrary> good =
      load_text(one_preset(R"(, "style": {"gradient": "radial", "F": 0.03, "k": 0.061})"));
  ASSERT_TRUE(good) << good.message();
  const Preset& p = good->presets.at(0);
  ASSERT_TRUE(p.style);
  EXPECT_EQ(p.style->gradient, StyleGradient::Radial);
  EXPECT_EQ(p.params.style.F, 0.03f);
  EXPECT_EQ(p.params.style.k, 0.061f);
  EXPECT_FALSE(p.params.style.Du) << "set A's where unnamed";
  ParamLayers layers;
  layers.preset = p.params;
  const Params layered = layer_params(layers);
  EXPECT_EQ(layered.style.Du, layered.Du);
  EXPECT_FALSE(load_text(one_preset("")).value().presets.at(0).style);
  const std::pair<const char*, const char*> bad[] = {
      {R"(, "style": {"gradient": "diagonal"})", "unknown gradient 'diagonal'"},
      {R"(, "style": {"F": 0.03})", "malformed"},
      {R"(, "style": {"gradient": "x", "Du": 40})", "stab"}};
  for (const auto& [extra, expected_message] : bad) {
    Expected<PresetLibrary> library = load_text(one_preset(extra));
    ASSERT_FALSE(library) << extra;
    EXPECT_NE(library.message().find(expected_message), std::string::npos) << library.message();
  }
  Expected<PresetLibrary> shipped = load_presets(kPresets);
  ASSERT_TRUE(shipped) << shipped.message();
  int styled = 0;
  for (const Preset& preset : shipped->presets) {
    styled += preset.style ? 1 : 0;
    EXPECT_EQ(preset.group == "styled", preset.style.has_value()) << preset.name;
  }
  EXPECT_EQ(styled, 2);
}

TEST(Presets, MalformedOrMissingFilesAreErrorsNotCrashes) {
  EXPECT_FALSE(load_presets("/nonexistent/presets.json"));
  const auto path = std::filesystem::temp_directory_path() / "gs-bad-presets.json";
  for (const char* text :
       {"{ not json", R"({"groups": [], "presets": [{"name": "x"}]})",
        R"({"groups": [], "presets": [{"name": "x", "group": "g", "F": 0.01, "k": 0.05,
                               "Du": 9, "Dv": 0.1, "dt": 1, "laplacian": "course"}]})"}) {
    std::ofstream(path) << text;
    Expected<PresetLibrary> library = load_presets(path);
    EXPECT_FALSE(library) << text;
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace gs
