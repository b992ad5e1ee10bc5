#include "gs/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>

namespace gs {
namespace {

namespace fs = std::filesystem;

// ".NAME.tmp-PID-N" in the target's folder, with NAME cut so the whole stays within the 255
// bytes a file name may have (a legal long name must not fail for its temporary's sake).
fs::path temp_name_for(const fs::path& final_path) {
  static std::atomic<unsigned> counter{0};
  const std::string suffix = ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const std::string name = final_path.filename().string();
  return final_path.parent_path() / ("." + name.substr(0, 255 - 1 - suffix.size()) + suffix);
}

// The file a symlink at `path` leads to (through any chain of links); `path` itself otherwise.
fs::path resolve_link(const fs::path& path) {
  std::error_code error;
  if (!fs::is_symlink(fs::symlink_status(path, error))) return path;
  const fs::path target = fs::weakly_canonical(path, error);
  return error ? path : target;
}

// Why `target` (as lstat or stat found it, `info`) cannot be replaced by this process: only its
// owner, the folder's owner or root may replace a file in a sticky folder (/tmp), whatever the
// file's own permissions say. Empty where it can.
std::string foreign_in_sticky_folder(const fs::path& target, const struct stat& info) {
  struct stat folder {};
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (::stat(parent.c_str(), &folder) != 0 || !(folder.st_mode & S_ISVTX)) return "";
  const uid_t me = ::geteuid();
  if (me == 0 || info.st_uid == me || folder.st_uid == me) return "";
  return "it belongs to another user (uid " + std::to_string(info.st_uid) +
         ") in a sticky folder, where only its owner may replace it";
}

std::string kind_of(const struct stat& info) {
  if (S_ISDIR(info.st_mode)) return "a directory";
  if (S_ISCHR(info.st_mode)) return "a character device";
  if (S_ISBLK(info.st_mode)) return "a block device";
  if (S_ISFIFO(info.st_mode)) return "a FIFO";
  if (S_ISSOCK(info.st_mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

OutputFile::OutputFile(const fs::path& path, AtLink at_link)
    : given_path_(path),
      final_path_(at_link == AtLink::Replace ? path : resolve_link(path)),
      temp_path_(temp_name_for(final_path_)),
      at_link_(at_link) {}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : given_path_(std::move(other.given_path_)),
      final_path_(std::move(other.final_path_)),
      temp_path_(std::move(other.temp_path_)),
      at_link_(other.at_link_),
      committed_(other.committed_) {
  other.committed_ = true;  // the moved-from guard owns nothing
}

OutputFile::~OutputFile() {
  if (!committed_) std::remove(temp_path_.c_str());
}

Status OutputFile::check_writable() const {
  const std::string cannot = "cannot write '" + given_path_.string() + "': ";
  if (final_path_.filename().empty()) return Error{cannot + "not a file name"};
  const std::size_t name_bytes = final_path_.filename().native().size();
  if (name_bytes > NAME_MAX)
    return Error{cannot + "its name is " + std::to_string(name_bytes) + " bytes, over the " +
                 std::to_string(NAME_MAX) + " a file name may have"};
  struct stat info {};
  const bool replaces_link = at_link_ == AtLink::Replace &&
                             ::lstat(final_path_.c_str(), &info) == 0 && S_ISLNK(info.st_mode);
  const bool exists = replaces_link || ::stat(final_path_.c_str(), &info) == 0;
  if (exists && !replaces_link && !S_ISREG(info.st_mode))
    return Error{cannot + "it is " + kind_of(info) + ", and only regular files are replaced"};
  if (exists)
    if (const std::string foreign = foreign_in_sticky_folder(final_path_, info); !foreign.empty())
      return Error{cannot + foreign};
  const int fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return Error{cannot + std::strerror(errno)};
  ::close(fd);
  std::remove(temp_path_.c_str());
  return Status::ok();
}

Status OutputFile::commit() {
  const std::string cannot = "cannot move the finished file into '" + given_path_.string() + "': ";
  struct stat existing {};
  const bool replaces_link = at_link_ == AtLink::Replace &&
                             ::lstat(final_path_.c_str(), &existing) == 0 &&
                             S_ISLNK(existing.st_mode);
  if (!replaces_link && ::stat(final_path_.c_str(), &existing) == 0) {
    // Checked again here: something may have appeared at the target since the start.
    if (!S_ISREG(existing.st_mode))
      return Error{cannot + "it is " + kind_of(existing) + ", and only regular files are replaced"};
    if (::chmod(temp_path_.c_str(), existing.st_mode & 07777) != 0)
      return Error{cannot + "cannot keep its permissions: " + std::strerror(errno)};
  }
  if (std::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
    return Error{cannot + std::strerror(errno)};
  committed_ = true;
  return Status::ok();
}

Status write_file_whole(const fs::path& path, const void* bytes, std::size_t size) {
  Expected<OutputFile> staged = write_file_staged(path, bytes, size);
  if (!staged) return staged.status();
  return staged->commit();
}

Expected<OutputFile> write_file_staged(const fs::path& path, const void* bytes, std::size_t size,
                                       AtLink at_link) {
  OutputFile output(path, at_link);
  GS_TRY(output.check_writable());
  const std::string cannot = "cannot write '" + path.string() + "': ";
  const int fd = ::open(output.temp_path().c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return Error{cannot + std::strerror(errno)};
  const char* data = static_cast<const char*>(bytes);
  for (std::size_t done = 0; done < size;) {
    const ssize_t wrote = ::write(fd, data + done, size - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) {
      const int error = wrote < 0 ? errno : ENOSPC;
      ::close(fd);
      return Error{cannot + std::strerror(error)};
    }
    done += std::size_t(wrote);
  }
  // A full disk or quota may show only when the data reaches it.
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    return Error{cannot + std::strerror(error)};
  }
  if (::close(fd) != 0) return Error{cannot + std::strerror(errno)};
  return output;
}

std::string whole_path(const fs::path& path) {
  std::error_code error;
  const fs::path absolute = fs::absolute(path, error);
  return printable_path(error ? path : absolute.lexically_normal());
}

std::string printable_path(const fs::path& path) {
  std::string shown;
  for (const char c : path.native()) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      shown += "\\\\";
    } else if (c == '\n') {
      shown += "\\n";
    } else if (c == '\t') {
      shown += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      constexpr char kHex[] = "0123456789abcdef";
      shown += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
    } else {
      shown += c;
    }
  }
  return shown;
}

bool names_same_file(const fs::path& a, const fs::path& b) {
  struct stat first {
  }, second{};
  if (::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0)
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
  std::error_code error_a, error_b;
  const fs::path canonical_a = fs::weakly_canonical(fs::absolute(a), error_a);
  const fs::path canonical_b = fs::weakly_canonical(fs::absolute(b), error_b);
  return !error_a && !error_b && canonical_a == canonical_b;
}

}  // namespace gs
