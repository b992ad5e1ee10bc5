#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "gs/presets.h"

namespace gs {
namespace {

const std::filesystem::path kPresets =
    std::filesystem::path(GS_TEST_DATA_DIR) / "assets" / "presets.json";

TEST(Presets, ShippedLibraryLoadsWithEveryGroupAndValidParameters) {
  Expected<PresetLibrary> library = load_presets(kPresets);
  ASSERT_TRUE(library) << library.message();
  std::set<std::string> groups;
  for (const PresetGroup& g : library->groups) groups.insert(g.id);
  EXPECT_EQ(groups, (std::set<std::string>{"pearson", "named", "tutorial", "course"}));
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
