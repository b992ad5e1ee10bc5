// Every shipped preset, run headless on the CPU twin from its own start for its stated steps,
// shows the class of pattern its entry claims (docs/presets.md): a preset that dies where it
// should live, or the reverse, fails.
#include <gtest/gtest.h>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "gs/pattern_measures.h"
#include "gs/presets.h"
#include "gs/style_gradient.h"

namespace gs {
namespace {

constexpr int kGrid = 128;         // the grid the presets' steps are stated for
constexpr int kMotionSteps = 500;  // steps between the two fields compared for motion

Fields run_to(CpuTwinBackend& twin, int steps) {
  EXPECT_TRUE(twin.step(steps));
  Fields fields(GridSize{kGrid, kGrid});
  EXPECT_TRUE(twin.copy_out(fields));
  return fields;
}

TEST(PresetPatterns, EveryPresetShowsTheClassItClaims) {
  Expected<PresetLibrary> library =
      load_presets(std::filesystem::path(GS_TEST_DATA_DIR) / "assets" / "presets.json");
  ASSERT_TRUE(library) << library.message();
  for (const Preset& preset : library->presets) {
    ASSERT_TRUE(preset.expected) << preset.name;
    const PresetExpectation& expected = *preset.expected;
    ParamLayers layers;
    layers.preset = preset.params;
    Params params = layer_params(layers);
    Fields start = make_initial_fields({kGrid, kGrid}, expected.start, 1);
    if (preset.style) {  // a styled preset runs with its own map, as grayscott-batch runs it
      params.style.enabled = true;
      start.style = style_gradient({kGrid, kGrid}, preset.style->gradient);
    }
    CpuTwinBackend twin(1);
    ASSERT_TRUE(twin.set_params(params));
    ASSERT_TRUE(twin.copy_in(start));
    const Fields before = run_to(twin, int(expected.steps));
    const Fields after = run_to(twin, kMotionSteps);
    const FieldMeasures m = measure_field(after);
    const double changed = changed_fraction(before, after);
    const std::string shows = classify_shape(m);
    const char* motion = changed > kMovingChangedFraction ? "moving" : "still";
    EXPECT_EQ(shows, to_string(expected.pattern))
        << preset.name << " from " << to_string(expected.start) << ", " << expected.steps
        << " steps: active " << m.active_fraction << ", " << m.active_parts << " groups, "
        << m.in_small_parts << " in spot-sized ones";
    EXPECT_EQ(motion, to_string(expected.motion))
        << preset.name << ": " << changed << " of the cells changed in " << kMotionSteps
        << " steps";
  }
}

}  // namespace
}  // namespace gs
