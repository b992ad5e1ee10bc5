// The fuzz targets' temporary input files and silenced streams (fuzz_temp_file.h).
#include "fuzz_temp_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <streambuf>

namespace gs::fuzz {
namespace {

std::string& folder_path() {
  static std::string path;
  return path;
}

void remove_folder() {
  if (!folder_path().empty()) ::rmdir(folder_path().c_str());
}

const std::string& folder() {
  if (folder_path().empty()) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/gs-fuzz-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      std::perror("gs fuzz: mkdtemp");
      std::abort();
    }
    folder_path() = pattern;
    std::atexit(remove_folder);
  }
  return folder_path();
}

class NullBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

}  // namespace

TempInputFile::TempInputFile(const std::uint8_t* data, std::size_t size, const std::string& name)
    : path_(folder() + "/" + name) {
  const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
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
