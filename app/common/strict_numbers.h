// Numbers from the command line, read strictly: the whole text must be the number, with no
// wrap-around (a seed of -1), no clamping (a 22-digit width) and no empty value taken as 0. A
// failure is a message quoting what was given, for a one-line usage error.
#pragma once

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace gs::cli {

// A whole number within [low, high]; nullopt and `problem` set when the text is not one.
template <class T>
std::optional<T> parse_whole_number(std::string_view text, T low, T high, std::string& problem) {
  T value{};
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error == std::errc::invalid_argument || stop != end) {
    problem = "'" + std::string(text) + "' is not a whole number";
  } else if (error == std::errc::result_out_of_range) {
    problem = "'" + std::string(text) + "' is out of range (" + std::to_string(low) + " to " +
              std::to_string(high) + ")";
  } else if (value < low) {
    problem = "'" + std::string(text) + "' is too small (at least " + std::to_string(low) + ")";
  } else if (value > high) {
    problem = "'" + std::string(text) + "' is too large (at most " + std::to_string(high) + ")";
  } else {
    return value;
  }
  return std::nullopt;
}

// A number as a float (the model's parameters are float32). NaN and infinity pass, for the
// parameters' own check to name; a finite number no float holds does not.
inline std::optional<float> parse_real_number(std::string_view text, std::string& problem) {
  double value = 0.0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error == std::errc::invalid_argument || stop != end) {
    problem = "'" + std::string(text) + "' is not a number";
  } else if (error == std::errc::result_out_of_range ||
             (std::isfinite(value) &&
              std::fabs(value) > double(std::numeric_limits<float>::max()))) {
    problem = "'" + std::string(text) + "' is out of a 32-bit float's range";
  } else {
    return float(value);
  }
  return std::nullopt;
}

}  // namespace gs::cli
