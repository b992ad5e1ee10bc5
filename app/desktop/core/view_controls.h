// The view's controls applied to the view's state (view_state.h) and the remembered settings:
// colormap, range (manual or automatic), filtering, relief, brush, UI visibility, scale and font
// size; and the favourite presets behind keys 1-9. GL-free: what a change means for the GL side (a
// new colormap table, a texture filter, a range to measure) comes back as an effect for the app to
// carry out.
#pragma once

#include <string>

#include "controls.h"
#include "gs/backend.h"
#include "gs/presets.h"
#include "gs/status.h"
#include "settings.h"
#include "view_state.h"

namespace gs::app {

enum class ViewEffect { None, Colormap, Filter, MeasureRange, Relief };

// A refused value changes nothing.
Expected<ViewEffect> apply_view_control(ViewControl control, const ControlValue& value,
                                        ViewState& view, Settings& settings);

// Auto range: the shown field's measured range into the view (a flat field still gets a
// visible one). Waits for the backend: for a new field or state, whose range must show at once.
Status measure_view_range(ViewState& view, Backend& backend, DisplayField field);
// The same while frames run, without waiting: the newest range the backend has finished (a
// GPU's is a call behind, as its timings are); the view stays as it is while there is none.
Status follow_view_range(ViewState& view, Backend& backend, DisplayField field);

// A known preset (under its own name) onto the next free key; at most nine.
Status add_favourite(Settings& settings, const PresetLibrary& presets, const std::string& name);
// The favourite on key 1 to 9.
Status remove_favourite(Settings& settings, int key);

}  // namespace gs::app
