#include "file_drop.h"

namespace gs::app {

DropAction drop_action(const FileDrop& drop) {
  DropAction action;
  if (drop.paths.empty()) return action;
  if (drop.shift) {
    action.notice =
        "a picture dropped with Shift is a style map, which comes with the style-map "
        "work; drop it without Shift to seed from it";
    return action;
  }
  action.command = command::SeedImage{drop.paths.front(), {}};
  if (drop.paths.size() > 1)
    action.notice =
        "seeded from the first of the " + std::to_string(drop.paths.size()) + " dropped files";
  return action;
}

}  // namespace gs::app
