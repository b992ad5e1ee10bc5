// The fuzz targets' temporary input files and silenced streams (fuzz_temp_file.h).
#include "fuzz_temp_file.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <streambuf>

namespace gs::fuzz {
namespace {

class NullBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

}  // namespace

TempInputFile::TempInputFile(const std::uint8_t* data, std::size_t size,
                             const std::string& suffix) {
  const char* tmp = std::getenv("TMPDIR");
  path_ = std::string(tmp && *tmp ? tmp : "/tmp") + "/gs-fuzz-XXXXXX" + suffix;
  const int fd = ::mkstemps(path_.data(), int(suffix.size()));
  bool ok = fd >= 0;
  for (std::size_t done = 0; ok && done < size;) {
    const ssize_t n = ::write(fd, data + done, size - done);
    ok = n > 0;
    if (ok) done += std::size_t(n);
  }
  if (fd < 0 || ::close(fd) != 0 || !ok) {
    std::perror(("gs fuzz: cannot write " + path_).c_str());
    std::abort();
  }
}

TempInputFile::~TempInputFile() {
  ::unlink(path_.c_str());
}

void silence_standard_streams() {
  static NullBuffer nowhere;
  std::cout.rdbuf(&nowhere);
  std::cerr.rdbuf(&nowhere);
}

}  // namespace gs::fuzz
