#include "plain_write_time.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "stopwatch.h"

namespace gs::batch {

Expected<double> plain_write_seconds(const std::filesystem::path& folder, std::uint64_t bytes) {
  const std::filesystem::path path =
      folder / ("grayscott-bench-plain-" + std::to_string(::getpid()) + ".bin");
  const auto failed = [&](const char* what) {
    const int error = errno;
    ::unlink(path.c_str());
    return Error{std::string("timing a plain write in '") + folder.string() + "': " + what + ": " +
                 std::strerror(error)};
  };
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return failed("open");
  constexpr std::size_t kChunk = std::size_t(8) << 20;  // a frame's size, about
  const std::vector<char> zeros(kChunk, 0);
  const auto start = Clock::now();
  for (std::uint64_t left = bytes; left > 0;) {
    const std::size_t chunk = std::size_t(std::min<std::uint64_t>(left, kChunk));
    const ssize_t written = ::write(fd, zeros.data(), chunk);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      ::close(fd);
      return failed("write");
    }
    left -= std::uint64_t(written);
  }
  if (::close(fd) != 0) return failed("close");
  const double seconds = seconds_since(start);
  ::unlink(path.c_str());
  return seconds;
}

}  // namespace gs::batch
