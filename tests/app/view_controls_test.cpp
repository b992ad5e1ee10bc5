// The view's controls and the favourites, on plain state: what each changes, what it asks of the
// GL side, and that a refused value changes nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "gs/cpu_twin_backend.h"
#include "view_controls.h"

namespace gs::app {
namespace {

TEST(ViewControls, EachChangesItsStateAndSaysWhatTheGlSideMustDo) {
  ViewState view;
  Settings settings;
  Expected<ViewEffect> colormap =
      apply_view_control(ViewControl::Colormap, std::string("magma"), view, settings);
  ASSERT_TRUE(colormap) << colormap.message();
  EXPECT_EQ(*colormap, ViewEffect::Colormap);
  EXPECT_EQ(view.colormap, "magma");
  view.auto_range = true;
  ASSERT_TRUE(apply_view_control(ViewControl::RangeMax, 0.8f, view, settings));
  EXPECT_FLOAT_EQ(view.high, 0.8f);
  EXPECT_FALSE(view.auto_range) << "a range set by hand stops following the field";
  EXPECT_EQ(*apply_view_control(ViewControl::RangeAuto, true, view, settings),
            ViewEffect::MeasureRange);
  EXPECT_EQ(*apply_view_control(ViewControl::LinearFilter, true, view, settings),
            ViewEffect::Filter);
  EXPECT_EQ(*apply_view_control(ViewControl::UiScale, 2.0f, view, settings), ViewEffect::None)
      << "the app fits the text to the window each frame";
  EXPECT_FLOAT_EQ(settings.ui_scale, 2.0f);
  ASSERT_TRUE(apply_view_control(ViewControl::Presentation, true, view, settings));
  EXPECT_TRUE(view.presentation);
  ASSERT_TRUE(apply_view_control(ViewControl::ExportOverlays, true, view, settings));
  EXPECT_TRUE(view.export_overlays);
  ASSERT_TRUE(apply_view_control(ViewControl::UiHidden, true, view, settings));
  EXPECT_TRUE(view.ui_hidden);
}

// Auto range on the twin, which answers without waiting at once: following the frames and
// measuring for a new field both show the field's own min and max.
TEST(ViewControls, AutoRangeShowsTheFieldsMinAndMax) {
  Fields fields({16, 9});
  for (std::size_t i = 0; i < fields.v.size(); ++i) {
    fields.u[i] = 0.5f + 0.001f * float(i);
    fields.v[i] = 0.25f - 0.002f * float(i);
  }
  CpuTwinBackend twin;
  ASSERT_TRUE(twin.copy_in(fields));
  ViewState view;
  view.auto_range = true;
  ASSERT_TRUE(follow_view_range(view, twin, DisplayField::V));
  EXPECT_EQ(view.low, fields.v.back());
  EXPECT_EQ(view.high, fields.v.front());
  ASSERT_TRUE(measure_view_range(view, twin, DisplayField::U));
  EXPECT_EQ(view.low, fields.u.front());
  EXPECT_EQ(view.high, fields.u.back());
  std::fill(fields.v.begin(), fields.v.end(), 0.125f);
  ASSERT_TRUE(twin.copy_in(fields));
  ASSERT_TRUE(follow_view_range(view, twin, DisplayField::V));
  EXPECT_EQ(view.low, 0.125f);
  EXPECT_GT(view.high, view.low) << "a flat field still gets a range to draw with";
}

TEST(ViewControls, ARefusedValueChangesNothing) {
  ViewState view;
  Settings settings;
  const ViewState view_before = view;
  const float scale_before = settings.ui_scale;
  const Expected<ViewEffect> colormap =
      apply_view_control(ViewControl::Colormap, std::string("classic"), view, settings);
  ASSERT_FALSE(colormap);
  EXPECT_EQ(colormap.message().rfind("unknown colormap 'classic' (one of: ", 0), 0u);
  EXPECT_FALSE(apply_view_control(ViewControl::UiScale, 9.0f, view, settings));
  EXPECT_FALSE(apply_view_control(ViewControl::BrushRadius, 0.0f, view, settings));
  EXPECT_FALSE(apply_view_control(ViewControl::BrushValue, true, view, settings))
      << "a value of the wrong type";
  EXPECT_EQ(view.colormap, view_before.colormap);
  EXPECT_FLOAT_EQ(view.brush_radius, view_before.brush_radius);
  EXPECT_FLOAT_EQ(settings.ui_scale, scale_before);
}

TEST(ViewControls, FavouritesHoldNineKnownPresetsUnderTheirOwnNames) {
  Expected<PresetLibrary> presets = load_default_presets();
  ASSERT_TRUE(presets) << presets.message();
  Settings settings;
  settings.favourites.clear();
  ASSERT_TRUE(add_favourite(settings, *presets, "CORAL"));
  EXPECT_EQ(settings.favourites, std::vector<std::string>{"coral"});
  EXPECT_FALSE(add_favourite(settings, *presets, "no-such-preset"));
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(add_favourite(settings, *presets, "mitosis"));
  const Status tenth = add_favourite(settings, *presets, "worms");
  ASSERT_FALSE(tenth);
  EXPECT_NE(tenth.message().find("nine"), std::string::npos);
  EXPECT_FALSE(remove_favourite(settings, 10));
  EXPECT_FALSE(remove_favourite(settings, 0));
  ASSERT_TRUE(remove_favourite(settings, 1));
  EXPECT_EQ(settings.favourites.size(), 8u);
  EXPECT_EQ(settings.favourites.front(), "mitosis");
}

}  // namespace
}  // namespace gs::app
