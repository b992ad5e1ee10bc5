// The fuzz targets' only writes: the input as a new file of a unique name under $TMPDIR (or /tmp),
// removed again when the TempInputFile goes (a crash leaves it: run-fuzzers.sh sets TMPDIR).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gs::fuzz {

class TempInputFile {
 public:
  // Writes data to $TMPDIR/gs-fuzz-XXXXXX<suffix>; aborts when it cannot (the run would test
  // nothing).
  TempInputFile(const std::uint8_t* data, std::size_t size, const std::string& suffix);
  ~TempInputFile();
  TempInputFile(const TempInputFile&) = delete;
  TempInputFile& operator=(const TempInputFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Sends std::cout and std::cerr to nowhere (help texts, one-line errors): a fuzz run prints
// only libFuzzer's lines and the sanitizers' reports, which go to file descriptor 2 directly.
void silence_standard_streams();

}  // namespace gs::fuzz
