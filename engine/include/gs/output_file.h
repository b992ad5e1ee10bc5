// Output that appears whole or not at all: writes go to a hidden temporary name in the target's
// folder, commit() renames it into place, and a file never committed is removed when the
// guard dies (on an error, or when an interrupt unwinds the program).
#pragma once

#include <filesystem>

#include "gs/status.h"

namespace gs {

class OutputFile {
 public:
  explicit OutputFile(std::filesystem::path final_path);
  ~OutputFile();
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::filesystem::path& temp_path() const { return temp_path_; }
  const std::filesystem::path& final_path() const { return final_path_; }

  // Fails, naming the path and the reason, if the folder cannot take the file: call it before
  // long work so a bad path is reported at once.
  Status check_writable() const;
  Status commit();

 private:
  std::filesystem::path final_path_;
  std::filesystem::path temp_path_;
  bool committed_ = false;
};

}  // namespace gs
