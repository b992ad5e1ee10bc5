// Errors as values at the engine's boundary: Status for calls that return nothing,
// Expected<T> for calls that return a value. The message is one line, meant for a user.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace gs {

struct Error {
  std::string message;
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error.message)) {}  // NOLINT: implicit by design
  static Status ok() { return {}; }

  bool is_ok() const { return !error_; }
  explicit operator bool() const { return is_ok(); }
  const std::string& message() const { return *error_; }

 private:
  std::optional<std::string> error_;
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}      // NOLINT: implicit by design
  Expected(Error error) : value_(std::move(error)) {}  // NOLINT: implicit by design
  // From a failed Status only: an Expected must hold a value or an error.
  Expected(Status status)  // NOLINT: implicit by design
      : value_(Error{status.is_ok() ? "internal error: no value" : status.message()}) {
    assert(!status.is_ok());
  }

  bool is_ok() const { return std::holds_alternative<T>(value_); }
  explicit operator bool() const { return is_ok(); }
  const std::string& message() const { return std::get<Error>(value_).message; }
  Status status() const { return is_ok() ? Status::ok() : Status(std::get<Error>(value_)); }

  T& value() & { return std::get<T>(value_); }
  const T& value() const& { return std::get<T>(value_); }
  T&& value() && { return std::get<T>(std::move(value_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> value_;
};

// Propagates a failed Status or Expected out of the calling function.
#define GS_TRY(expr)                                   \
  do {                                                 \
    if (auto gs_try_status_ = (expr); !gs_try_status_) \
      return ::gs::Error{gs_try_status_.message()};    \
  } while (false)

// Moves the value of an Expected into `target`, or propagates its failure as GS_TRY does.
#define GS_TRY_ASSIGN(target, expr)                                  \
  do {                                                               \
    auto gs_try_value_ = (expr);                                     \
    if (!gs_try_value_) return ::gs::Error{gs_try_value_.message()}; \
    (target) = std::move(gs_try_value_).value();                     \
  } while (false)

}  // namespace gs
