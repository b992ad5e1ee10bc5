// Keyboard shortcuts and the brush under the mouse, as commands. The keys come as the window's
// queued presses (key_presses.h), each counted once however short; the mouse is ImGui's state.
// Neither acts while ImGui itself wants the keyboard or the mouse; what is not a command (the
// help, fullscreen) comes back for the app to do.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "brush_stroke.h"
#include "commands.h"
#include "gs/fields.h"
#include "key_presses.h"
#include "screen_layout.h"
#include "view_state.h"

namespace gs::app {

// What a key does. The key handler and the F1 help both read one table of these.
enum class KeyAction {
  RunPause,
  Step,
  Reset,
  Screenshot,
  Record,
  HideUi,
  ViewReset,
  Presentation,
  Fullscreen,
  Help,
  Favourite,
  CopySetup,
  PasteSetup,
  BrushStyle,
  StyleOverlay,
  BlankBlack,
  BlankWhite,
  NextCaption,
  PreviousCaption,
  RestartScript,
  StopScript,
};

struct KeyBinding {
  int first_key, last_key;  // GLFW key codes; a range for the favourites (1-9)
  const char* key_name;     // as the help shows it
  KeyAction action;
  const char* description;
  bool ctrl = false;  // with Ctrl held; without it, the key does nothing while Ctrl is held
};
const std::vector<KeyBinding>& key_bindings();

// The mouse's gestures, for the help beside the keys.
struct MouseGesture {
  const char* gesture;
  const char* description;
};
const std::vector<MouseGesture>& mouse_gestures();

// A presenter's blanked screen (a clicker's blank key): the whole window black or white until any
// key, with nothing paused.
enum class ScreenBlank { None, Black, White };

struct KeyContext {
  bool running = false;
  bool ui_hidden = false;
  bool presentation = false;
  bool recording = false;
  const std::vector<std::string>& favourites;
  BrushStyle brush_style = BrushStyle::None;  // what M cycles from
  bool style_overlay = false;                 // what O toggles
  ScreenBlank blank = ScreenBlank::None;      // blanked, the next key only shows the screen again
};

struct KeyActions {
  bool toggle_help = false;
  bool toggle_fullscreen = false;
  bool copy_setup = false;           // Ctrl+C: the setup's script lines to the clipboard
  bool paste_setup = false;          // Ctrl+V: script lines from the clipboard
  std::optional<ScreenBlank> blank;  // the screen blanked, or shown again
};

// The presses of a frame through the key table, oldest first: a toggle pressed twice toggles
// twice; held, only the step key repeats. No ImGui: the tests feed it presses.
KeyActions key_commands(const KeyContext& context, const std::vector<KeyPress>& presses,
                        std::vector<Command>& commands);
// The same, unless ImGui wants the keyboard (typing in a text field): then the presses are
// dropped, as they belong to the field.
KeyActions push_key_commands(const KeyContext& context, const std::vector<KeyPress>& presses,
                             std::vector<Command>& commands);

// Left-drag paints v, right-drag erases; nothing in map mode, where a click picks (F, k). With
// a brush style (view.brush_style) the drag paints the style map: left toward the style's set,
// right toward the other.
// `shown` is the part of the grid in view (zoom and pan). Each frame paints the segment from
// where `stroke` saw the drag last frame, so a fast drag leaves no gaps. `buttons` (the button
// events since the last frame) say where a drag began and ended: its first frame paints from
// where the button went down, and the frame after the release up to where it came up.
std::optional<command::Paint> brush_under_mouse(const ViewState& view, bool map_mode,
                                                const ScreenRect& field, const GridRegion& shown,
                                                const std::vector<ButtonEvent>& buttons,
                                                BrushStroke& stroke);

// The brush's stamp mode: a left click on the field (not a drag, not with Shift, which pans)
// stamps the last seed's picture there, the brush's diameter across.
std::optional<command::Stamp> stamp_under_mouse(const ViewState& view, const ScreenRect& field,
                                                const GridRegion& shown);

// The mouse wheel zooms about the cursor; a middle-drag, or a shift+left-drag, pans: as
// `view zoom` and `view center` commands.
void push_zoom_and_pan(const ViewState& view, const ScreenRect& field, const GridRegion& shown,
                       GridSize grid, std::vector<Command>& commands);

}  // namespace gs::app
