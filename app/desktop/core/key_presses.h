// Key presses and mouse-button events as the window system delivers them, kept until the next
// frame takes them. Keys read as state once a frame miss a press and release that both land
// between two frames (a clicker's or a remote desktop's ~10 ms tap while a frame takes 50 ms);
// queued, each press counts once. A button event keeps where the pointer was at that moment: by
// the time a slow frame looks, a drag has moved on, and the brush's stroke must still start
// where the button went down and end where it came up.
// GL-free: the window's callbacks push, the frame's input handling drains.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace gs::app {

struct KeyPress {
  int key = 0;          // the window system's key code (GLFW's)
  bool ctrl = false;    // Ctrl was held
  bool repeat = false;  // the keyboard's auto-repeat while the key is held, not a new press
};

struct ButtonEvent {
  int button = 0;     // the window system's mouse button (GLFW's: 0 left, 1 right, 2 middle)
  bool down = false;  // pressed; else released
  float x = 0.0f;     // where the pointer was, in window units (ImGui's mouse positions)
  float y = 0.0f;
};

// Files dropped onto the window, as the window system named them, and whether Shift was held:
// a plain drop seeds from the picture, a drop with Shift is meant as a style map (file_drop.h).
struct FileDrop {
  std::vector<std::string> paths;
  bool shift = false;
};

template <class Press>
class PressQueue {
 public:
  // More than a person or a clicker sends between two frames; past it, presses are dropped
  // rather than replayed long after (a stuck key during a stalled frame).
  static constexpr std::size_t kCapacity = 64;

  void push(const Press& press) {
    if (presses_.size() < kCapacity) presses_.push_back(press);
  }
  // The presses since the last call, oldest first; the queue is then empty.
  std::vector<Press> take() { return std::exchange(presses_, {}); }

 private:
  std::vector<Press> presses_;
};

using KeyPressQueue = PressQueue<KeyPress>;
using ButtonEventQueue = PressQueue<ButtonEvent>;
using FileDropQueue = PressQueue<FileDrop>;

}  // namespace gs::app
