// Names of the transfer paths, as scripts, the panel and the log spell them.
#include "commands.h"

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

}  // namespace gs::app
