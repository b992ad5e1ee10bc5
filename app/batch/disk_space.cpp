#include "disk_space.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace gs::batch {

namespace {

Error no_room(const std::string& shown, int error, std::uintmax_t bytes) {
  std::ostringstream message;
  message.precision(3);
  message << "cannot write '" << shown << "': " << std::strerror(error) << " (it needs "
          << double(bytes) / 1e6 << " MB)";
  return Error{message.str()};
}

}  // namespace

Status check_free_space(const std::filesystem::path& path, std::uintmax_t bytes,
                        const std::string& shown) {
  struct statvfs disk {};
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  if (::statvfs(folder.c_str(), &disk) != 0) return Status::ok();  // the reservation will tell
  if (std::uintmax_t(disk.f_bavail) * disk.f_frsize >= bytes) return Status::ok();
  return no_room(shown, ENOSPC, bytes);
}

Status reserve_space(const std::filesystem::path& path, std::uintmax_t bytes,
                     const std::string& shown) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return Error{"cannot write '" + shown + "': " + std::strerror(errno)};
  int reserved = 0;
  do {
    reserved = ::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, off_t(bytes));
  } while (reserved != 0 && errno == EINTR);
  const int error = reserved == 0 ? 0 : errno;
  ::close(fd);
  if (error == 0 || error == EOPNOTSUPP || error == ENOSYS) return Status::ok();
  if (error == ENOSPC || error == EDQUOT) free_space(path);  // what did fit, given back now
  return no_room(shown, error, bytes);
}

void release_unused_space(const std::filesystem::path& path) {
  // Truncating to its own size drops the blocks reserved past the end.
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) (void)::truncate(path.c_str(), info.st_size);
}

void free_space(const std::filesystem::path& path) {
  // Only where the disk is all but full: emptying a large file takes long enough (a quarter of a
  // second for 100 MB) to matter to a job that mpirun kills a second after its SIGTERM.
  constexpr std::uintmax_t kRoomToClose = 16u << 20;
  struct statvfs disk {};
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  if (::statvfs(folder.c_str(), &disk) == 0 &&
      std::uintmax_t(disk.f_bavail) * disk.f_frsize >= kRoomToClose)
    return;
  (void)::truncate(path.c_str(), 0);
}

}  // namespace gs::batch
