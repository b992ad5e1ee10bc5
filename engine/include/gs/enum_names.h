// Names of an enum's values in one table, read both ways: to_string and parse use the same
// table, and so do lists of the choices ("five-point, nine-point, course") in help and messages
// and the panel's combo boxes. Each enum's header defines its table and an `enum_names(E)`
// overload that returns it, so generic code finds the table of any enum: to_string(value) and
// parse_enum<E>(name) below serve every such enum.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace gs {

template <class E>
struct EnumName {
  E value;
  std::string_view name;
};

template <class E, std::size_t N>
using EnumNames = std::array<EnumName<E>, N>;

template <class E, std::size_t N>
constexpr std::string_view name_in(const EnumNames<E, N>& table, E value) {
  for (const EnumName<E>& entry : table)
    if (entry.value == value) return entry.name;
  return "?";
}

template <class E, std::size_t N>
constexpr std::optional<E> value_in(const EnumNames<E, N>& table, std::string_view name) {
  for (const EnumName<E>& entry : table)
    if (entry.name == name) return entry.value;
  return std::nullopt;
}

// "a, b, c": the names in the table's order.
template <class E, std::size_t N>
std::string names_list(const EnumNames<E, N>& table, std::string_view separator = ", ") {
  std::string list;
  for (const EnumName<E>& entry : table) {
    if (!list.empty()) list += separator;
    list += entry.name;
  }
  return list;
}

// Any enum whose header defines enum_names(E): its value's name, and the value of a name.
template <class E, class = std::enable_if_t<std::is_enum_v<E>>>
constexpr auto to_string(E value) -> decltype(name_in(enum_names(value), value)) {
  return name_in(enum_names(value), value);
}

template <class E>
constexpr std::optional<E> parse_enum(std::string_view name) {
  return value_in(enum_names(E{}), name);
}

}  // namespace gs
