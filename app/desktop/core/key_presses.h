// Key presses as the window system delivers them, kept until the next frame takes them. Keys read
// as state once a frame miss a press and release that both land between two frames (a clicker's
// or a remote desktop's ~10 ms tap while a frame takes 50 ms); queued, each press counts once.
// GL-free: the window's key callback pushes, the key handler drains.
#pragma once

#include <cstddef>
#include <vector>

namespace gs::app {

struct KeyPress {
  int key = 0;          // the window system's key code (GLFW's)
  bool ctrl = false;    // Ctrl was held
  bool repeat = false;  // the keyboard's auto-repeat while the key is held, not a new press
};

class KeyPressQueue {
 public:
  // More than a person or a clicker sends between two frames; past it, presses are dropped
  // rather than replayed long after (a stuck key during a stalled frame).
  static constexpr std::size_t kCapacity = 64;

  void push(const KeyPress& press);
  // The presses since the last call, oldest first; the queue is then empty.
  std::vector<KeyPress> take();

 private:
  std::vector<KeyPress> presses_;
};

}  // namespace gs::app
