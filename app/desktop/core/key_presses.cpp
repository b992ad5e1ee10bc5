// The queue of key presses (key_presses.h).
#include "key_presses.h"

#include <utility>

namespace gs::app {

void KeyPressQueue::push(const KeyPress& press) {
  if (presses_.size() < kCapacity) presses_.push_back(press);
}

std::vector<KeyPress> KeyPressQueue::take() {
  return std::exchange(presses_, {});
}

}  // namespace gs::app
