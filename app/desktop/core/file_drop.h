// Files dropped onto the window, as what the app does with them: a plain drop seeds the grid from
// the (first) picture with the default options, as `seed-image FILE` does; a drop with Shift
// makes it the style map, as `style-image FILE` does (set B where it is dark). GL-free:
// the window's drop callback queues the paths and Shift (key_presses.h), the frame calls this.
#pragma once

#include <optional>
#include <string>

#include "commands.h"
#include "key_presses.h"

namespace gs::app {

struct DropAction {
  std::optional<Command> command;
  std::string notice;  // for the notice line; "" when there is nothing to say
};

DropAction drop_action(const FileDrop& drop);

}  // namespace gs::app
