// A fuzz input as a program's command line: the bytes split at NUL or newline into arguments
// after the program's name. N separators make N + 1 arguments ("--F\n" is `--F ''`); no bytes,
// no arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gs::fuzz {

class FuzzArguments {
 public:
  FuzzArguments(const char* program, const std::uint8_t* data, std::size_t size) {
    words_.emplace_back(program);
    if (size > 0) words_.emplace_back();
    for (std::size_t i = 0; i < size; ++i) {
      if (data[i] == '\0' || data[i] == '\n')
        words_.emplace_back();
      else
        words_.back().push_back(char(data[i]));
    }
    for (std::string& word : words_) argv_.push_back(word.data());
    argv_.push_back(nullptr);
  }
  FuzzArguments(const FuzzArguments&) = delete;
  FuzzArguments& operator=(const FuzzArguments&) = delete;

  int argc() const { return int(words_.size()); }
  char** argv() { return argv_.data(); }

 private:
  std::vector<std::string> words_;
  std::vector<char*> argv_;
};

}  // namespace gs::fuzz
