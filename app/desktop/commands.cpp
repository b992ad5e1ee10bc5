// Names of the transfer paths, as scripts, the panel and the log spell them.
#include "commands.h"

#include <charconv>
#include <cmath>

namespace gs::app {

std::string to_string(TransferPath path) {
  switch (path) {
    case TransferPath::Interop:
      return "interop";
    case TransferPath::Host:
      return "host";
    case TransferPath::Upload:
      return "upload";
  }
  return "unknown";
}

std::optional<TransferPath> parse_transfer_path(std::string_view name) {
  for (TransferPath p : {TransferPath::Interop, TransferPath::Host, TransferPath::Upload})
    if (name == to_string(p)) return p;
  return std::nullopt;
}

const std::vector<SettableParameter>& settable_parameter_table() {
  using Owner = ParameterOwner;
  static const std::vector<SettableParameter> table = {{"F", Owner::Simulation},
                                                       {"k", Owner::Simulation},
                                                       {"Du", Owner::Simulation},
                                                       {"Dv", Owner::Simulation},
                                                       {"dt", Owner::Simulation},
                                                       {"laplacian", Owner::Simulation},
                                                       {"boundary", Owner::Simulation},
                                                       {"field", Owner::Simulation},
                                                       {"colormap", Owner::App},
                                                       {"range-min", Owner::App},
                                                       {"range-max", Owner::App},
                                                       {"range-auto", Owner::App},
                                                       {"filter", Owner::App},
                                                       {"block", Owner::Simulation},
                                                       {"kernel", Owner::Simulation},
                                                       {"cpu-path", Owner::Simulation},
                                                       {"steps-per-pass", Owner::Simulation},
                                                       {"init", Owner::Simulation},
                                                       {"seed", Owner::Simulation},
                                                       {"brush-radius", Owner::App},
                                                       {"brush-value", Owner::App},
                                                       {"mode", Owner::Simulation},
                                                       {"map-F-low", Owner::Simulation},
                                                       {"map-F-high", Owner::Simulation},
                                                       {"map-k-low", Owner::Simulation},
                                                       {"map-k-high", Owner::Simulation},
                                                       {"reseed-on-pick", Owner::Simulation},
                                                       {"ui", Owner::App},
                                                       {"ui-scale", Owner::App},
                                                       {"font-size", Owner::App},
                                                       {"reseed-on-preset", Owner::Simulation}};
  return table;
}

std::optional<float> parse_float(std::string_view text) {
  float value = 0.0f;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

bool is_simulation_parameter(std::string_view name) {
  for (const SettableParameter& parameter : settable_parameter_table())
    if (name == parameter.name) return parameter.owner == ParameterOwner::Simulation;
  return false;
}

}  // namespace gs::app
