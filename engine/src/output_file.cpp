#include "gs/output_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

namespace gs {
namespace {

std::filesystem::path temp_name_for(const std::filesystem::path& final_path) {
  static std::atomic<unsigned> counter{0};
  const std::string name = "." + final_path.filename().string() + ".tmp-" +
                           std::to_string(::getpid()) + "-" + std::to_string(counter++);
  return final_path.parent_path() / name;
}

}  // namespace

OutputFile::OutputFile(std::filesystem::path final_path)
    : final_path_(std::move(final_path)), temp_path_(temp_name_for(final_path_)) {}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : final_path_(std::move(other.final_path_)),
      temp_path_(std::move(other.temp_path_)),
      committed_(other.committed_) {
  other.committed_ = true;  // the moved-from guard owns nothing
}

OutputFile::~OutputFile() {
  if (!committed_) std::remove(temp_path_.c_str());
}

Status OutputFile::check_writable() const {
  if (final_path_.filename().empty())
    return Error{"cannot write '" + final_path_.string() + "': not a file name"};
  std::error_code error;
  if (std::filesystem::is_directory(final_path_, error))
    return Error{"cannot write '" + final_path_.string() + "': it is a directory"};
  const int fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return Error{"cannot write '" + final_path_.string() + "': " + std::strerror(errno)};
  ::close(fd);
  std::remove(temp_path_.c_str());
  return Status::ok();
}

Status OutputFile::commit() {
  if (std::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
    return Error{"cannot move the finished file into '" + final_path_.string() +
                 "': " + std::strerror(errno)};
  committed_ = true;
  return Status::ok();
}

}  // namespace gs
