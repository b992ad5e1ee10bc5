// The split of a command between its two appliers.
#include "commands.h"

#include <type_traits>

namespace gs::app {
namespace {

// The alternative `command` holds, as a `Part` when Part has it.
template <class Part>
std::optional<Part> part_of(const Command& command) {
  return std::visit(
      [](const auto& held) -> std::optional<Part> {
        if constexpr (std::is_constructible_v<Part, decltype(held)>)
          return Part{held};
        else
          return std::nullopt;
      },
      command);
}

// Each command is the simulation's or the app's, never both nor neither.
template <class... Ts>
constexpr bool each_in_one_part(const std::variant<Ts...>*) {
  return ((std::is_constructible_v<SimulationCommand, const Ts&> !=
           std::is_constructible_v<AppCommand, const Ts&>)&&...);
}
static_assert(each_in_one_part(static_cast<const Command*>(nullptr)));

}  // namespace

std::optional<SimulationCommand> simulation_part(const Command& command) {
  return part_of<SimulationCommand>(command);
}

std::optional<AppCommand> app_part(const Command& command) {
  return part_of<AppCommand>(command);
}

}  // namespace gs::app
