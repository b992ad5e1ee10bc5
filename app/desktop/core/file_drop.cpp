#include "file_drop.h"

namespace gs::app {

DropAction drop_action(const FileDrop& drop) {
  DropAction action;
  if (drop.paths.empty()) return action;
  if (drop.shift)
    action.command = command::StyleImage{drop.paths.front(), {}};
  else
    action.command = command::SeedImage{drop.paths.front(), {}};
  if (drop.paths.size() > 1)
    action.notice = std::string(drop.shift ? "a style map" : "seeded") + " from the first of the " +
                    std::to_string(drop.paths.size()) + " dropped files";
  return action;
}

}  // namespace gs::app
