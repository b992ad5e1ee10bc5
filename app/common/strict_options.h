// Command-line options whose numbers are read strictly (strict_numbers.h), for CLI11: a bad value
// is a one-line usage error (exit 2) quoting what was given. Both programs use them.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <optional>
#include <string>

#include "strict_numbers.h"

namespace gs::cli {

// A whole number within [low, high], handed to `store`.
template <class T, class Store>
CLI::Option* add_whole_number(CLI::App& app, const std::string& name, T low, T high, Store store,
                              const std::string& help) {
  return app
      .add_option_function<std::string>(
          name,
          [name, low, high, store](const std::string& text) {
            std::string problem;
            const std::optional<T> value = parse_whole_number<T>(text, low, high, problem);
            if (!value) throw CLI::ValidationError(name, problem);
            store(*value);
          },
          help)
      ->type_name("INT");
}

// A model parameter (a float) into `target`.
inline CLI::Option* add_real_number(CLI::App& app, const std::string& name,
                                    std::optional<float>& target, const std::string& help) {
  return app
      .add_option_function<std::string>(
          name,
          [name, &target](const std::string& text) {
            std::string problem;
            target = parse_real_number(text, problem);
            if (!target) throw CLI::ValidationError(name, problem);
          },
          help)
      ->type_name("FLOAT");
}

// A duration in seconds within [low, high] into `target` (a whole or decimal number).
inline CLI::Option* add_seconds(CLI::App& app, const std::string& name, double low, double high,
                                std::optional<double>& target, const std::string& help) {
  return app
      .add_option_function<std::string>(
          name,
          [name, low, high, &target](const std::string& text) {
            std::string problem;
            const std::optional<float> value = parse_real_number(text, problem);
            if (value && !(*value >= low && *value <= high)) {
              char range[64];
              std::snprintf(range, sizeof range, "from %g to %g seconds", low, high);
              problem = "'" + text + "' is not " + range;
            }
            if (!problem.empty()) throw CLI::ValidationError(name, problem);
            target = double(*value);
          },
          help)
      ->type_name("SECONDS");
}

}  // namespace gs::cli
