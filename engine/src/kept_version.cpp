#include "kept_version.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "gs/output_file.h"

namespace gs {
namespace {

namespace fs = std::filesystem;

// ".NAME.previous-PID-N" beside the file, NAME cut so the whole stays within 255 bytes.
fs::path kept_name_for(const fs::path& path) {
  static std::atomic<unsigned> counter{0};
  const std::string suffix =
      ".previous-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const std::string name = path.filename().string();
  return path.parent_path() / ("." + name.substr(0, 255 - 1 - suffix.size()) + suffix);
}

}  // namespace

KeptVersion::KeptVersion(fs::path path, fs::path kept_path, bool had_file)
    : path_(std::move(path)), kept_path_(std::move(kept_path)), had_file_(had_file) {}

KeptVersion::KeptVersion(KeptVersion&& other) noexcept
    : path_(std::move(other.path_)),
      kept_path_(std::move(other.kept_path_)),
      had_file_(other.had_file_),
      settled_(other.settled_) {
  other.settled_ = true;  // the moved-from guard owns nothing
}

Expected<KeptVersion> KeptVersion::keep(const fs::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) return KeptVersion(path, fs::path(), false);
    return Error{"cannot keep the previous '" + printable_path(path) +
                 "' while its pair is replaced: " + std::strerror(errno)};
  }
  const fs::path kept = kept_name_for(path);
  if (::link(path.c_str(), kept.c_str()) == 0 || std::rename(path.c_str(), kept.c_str()) == 0)
    return KeptVersion(path, kept, true);
  return Error{"cannot keep the previous '" + printable_path(path) +
               "' while its pair is replaced: " + std::strerror(errno)};
}

KeptVersion::~KeptVersion() {
  if (!settled_) put_back();
}

void KeptVersion::confirm() {
  if (settled_) return;
  if (had_file_) std::remove(kept_path_.c_str());
  settled_ = true;
}

bool KeptVersion::put_back() {
  if (settled_) return true;
  settled_ = true;
  if (!had_file_) return std::remove(path_.c_str()) == 0 || errno == ENOENT;
  // Not replaced yet, the path still names the kept file: rename() would do nothing between two
  // links to one file, and leave the hidden one.
  struct stat kept {
  }, now{};
  if (::lstat(kept_path_.c_str(), &kept) == 0 && ::lstat(path_.c_str(), &now) == 0 &&
      kept.st_dev == now.st_dev && kept.st_ino == now.st_ino)
    return std::remove(kept_path_.c_str()) == 0;
  return std::rename(kept_path_.c_str(), path_.c_str()) == 0;
}

}  // namespace gs
