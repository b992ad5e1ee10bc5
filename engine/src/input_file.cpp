// Reading a small file safely (input_file.h).
#include "gs/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gs {

Expected<std::optional<std::string>> read_regular_file(const std::filesystem::path& path,
                                                       std::size_t max_bytes) {
  const std::string cannot = "cannot read '" + path.string() + "': ";
  // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::optional<std::string>();
    return Error{cannot + std::strerror(errno)};
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    const bool directory = S_ISDIR(info.st_mode);
    ::close(fd);
    return Error{cannot + (directory ? "it is a folder" : "not a regular file")};
  }
  if (std::size_t(info.st_size) > max_bytes) {
    ::close(fd);
    return Error{cannot + "larger than " + std::to_string(max_bytes) + " bytes"};
  }
  std::string bytes(std::size_t(info.st_size), '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {  // an error, or the file shrank while read
      const int error = got < 0 ? errno : 0;
      ::close(fd);
      if (error != 0) return Error{cannot + std::strerror(error)};
      bytes.resize(done);
      return std::optional<std::string>(std::move(bytes));
    }
    done += std::size_t(got);
  }
  ::close(fd);
  return std::optional<std::string>(std::move(bytes));
}

}  // namespace gs
