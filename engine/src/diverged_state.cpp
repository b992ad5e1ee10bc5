#include "gs/diverged_state.h"

namespace gs {

std::optional<std::string> first_non_finite_cell_text(const Fields& fields) {
  const std::optional<std::size_t> cell = first_non_finite_cell(fields);
  if (!cell) return std::nullopt;
  const std::size_t width = std::size_t(fields.size.width);
  return std::to_string(*cell % width) + "," + std::to_string(*cell / width);
}

std::string diverged_input_message(const std::string& path, const std::string& cell) {
  return "'" + path + "' holds NaN or infinity (first at cell " + cell +
         "): a diverged state cannot be continued";
}

}  // namespace gs
