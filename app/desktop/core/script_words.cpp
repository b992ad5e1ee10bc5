// Script words and values (script_words.h).
#include "script_words.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <system_error>

namespace gs::app {
namespace {

constexpr std::string_view kSpace = " \t\r\v\f";

}  // namespace

std::string_view trim(std::string_view s) {
  const std::size_t first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t pos = 0;
  while ((pos = s.find_first_not_of(kSpace, pos)) != std::string_view::npos) {
    const std::size_t end = std::min(s.find_first_of(kSpace, pos), s.size());
    words.push_back(s.substr(pos, end - pos));
    pos = end;
  }
  return words;
}

std::string in_quotes(std::string_view s) {
  constexpr std::size_t kShown = 60;
  std::string quoted = "'";
  for (std::size_t i = 0; i < s.size() && i < kShown; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      quoted += char(byte);
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      quoted += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
    }
  }
  if (s.size() > kShown) quoted += "... (" + std::to_string(s.size()) + " bytes)";
  return quoted + "'";
}

Expected<double> parse_number(std::string_view token, const std::string& what) {
  double value = 0.0;
  const char* end = token.data() + token.size();
  const auto [ptr, error] = std::from_chars(token.data(), end, value);
  if (error == std::errc::invalid_argument || ptr != end)
    return Error{what + in_quotes(token) + " is not a number"};
  if (error == std::errc::result_out_of_range)
    return Error{what + in_quotes(token) + " is out of range"};
  if (!std::isfinite(value)) return Error{what + in_quotes(token) + " is not a finite number"};
  return value;
}

Expected<int> parse_integer(std::string_view token, const std::string& what, long long lo,
                            long long hi) {
  long long value = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, error] = std::from_chars(token.data(), end, value);
  if (error == std::errc::invalid_argument || ptr != end)
    return Error{what + in_quotes(token) + " is not an integer"};
  const bool negative = !token.empty() && token.front() == '-';
  const bool below = error == std::errc::result_out_of_range ? negative : value < lo;
  const bool above = error == std::errc::result_out_of_range ? !negative : value > hi;
  if (!below && !above) return static_cast<int>(value);
  if (hi != kMaxScriptInt)  // a bounded range: say it whole
    return Error{what + in_quotes(token) + " must be from " + std::to_string(lo) + " to " +
                 std::to_string(hi)};
  return Error{what + in_quotes(token) +
               (below ? " must be at least " + std::to_string(lo)
                      : " is too large (at most " + std::to_string(hi) + ")")};
}

Expected<std::uint64_t> parse_seed(std::string_view token, const std::string& what) {
  std::uint64_t value = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, error] = std::from_chars(token.data(), end, value);
  if (error == std::errc::invalid_argument || ptr != end)
    return Error{what + in_quotes(token) + " is not an unsigned integer"};
  if (error == std::errc::result_out_of_range)
    return Error{what + in_quotes(token) + " is larger than 18446744073709551615"};
  return value;
}

Expected<float> parse_float_number(std::string_view token, const std::string& what) {
  Expected<double> parsed = parse_number(token, what);
  if (!parsed) return parsed.status();
  if (std::fabs(*parsed) > double(std::numeric_limits<float>::max()))
    return Error{what + in_quotes(token) + " is too large for a 32-bit float"};
  return float(*parsed);
}

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

}  // namespace gs::app
