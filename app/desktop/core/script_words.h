// The words of a script line and the values in them: splitting, quoting for messages, and
// numbers read strictly. Each problem comes back as `what` followed by the quoted text and what
// is wrong with it ("set F: 'abc' is not a number"); `what` may be "".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gs/status.h"

namespace gs::app {

inline constexpr long long kMaxScriptInt = 2147483647;

std::string_view trim(std::string_view s);
std::vector<std::string_view> split_words(std::string_view s);

// Quoted for a one-line message: control and non-ASCII bytes as \xNN, and a long word cut
// (a 5 MB line or binary bytes must not reach the terminal raw).
std::string in_quotes(std::string_view s);

// A finite number.
Expected<double> parse_number(std::string_view token, const std::string& what);
// A finite number a float holds (every settable number is a float).
Expected<float> parse_float_number(std::string_view token, const std::string& what);
Expected<int> parse_integer(std::string_view token, const std::string& what, long long lo,
                            long long hi);
Expected<std::uint64_t> parse_seed(std::string_view token, const std::string& what);

// A number as a script writes it: every digit a float needs, so it reads back to the same float.
std::string number_text(double value);

}  // namespace gs::app
