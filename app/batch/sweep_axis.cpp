#include "sweep_axis.h"

#include <charconv>
#include <cmath>
#include <string>

#include "strict_numbers.h"

namespace gs::batch {
namespace {

Expected<double> parse_finite(std::string_view text) {
  double value = 0.0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || !std::isfinite(value))
    return Error{"'" + std::string(text) + "' is not a finite number"};
  return value;
}

}  // namespace

double SweepAxis::value(int i) const {
  if (count == 1 || i == 0) return low;
  if (i == count - 1) return high;
  return low + (high - low) * double(i) / double(count - 1);
}

std::vector<double> SweepAxis::values() const {
  std::vector<double> all;
  for (int i = 0; i < count; ++i) all.push_back(value(i));
  return all;
}

Expected<SweepAxis> parse_sweep_axis(std::string_view text) {
  const std::size_t first = text.find(':');
  const std::size_t second = first == std::string_view::npos ? first : text.find(':', first + 1);
  if (second == std::string_view::npos || text.find(':', second + 1) != std::string_view::npos)
    return Error{"'" + std::string(text) + "' is not LOW:HIGH:N"};
  Expected<double> low = parse_finite(text.substr(0, first));
  if (!low) return low.status();
  Expected<double> high = parse_finite(text.substr(first + 1, second - first - 1));
  if (!high) return high.status();
  if (*low > *high)
    return Error{"'" + std::string(text) + "' runs from high to low (LOW must not exceed HIGH)"};
  std::string problem;
  const std::optional<int> count =
      cli::parse_whole_number<int>(text.substr(second + 1), 1, kMaxSweepCount, problem);
  if (!count) return Error{"the count " + problem};
  return SweepAxis{*low, *high, *count};
}

}  // namespace gs::batch
