// The file at a path as it was before it is replaced, kept under a hidden name beside it until
// the replacement is confirmed or undone: how a pair of files (a data file and its XDMF
// description) is replaced together or not at all. The old version is kept as a second hard link
// (the path itself still names it until the replacement's rename), or, where the folder refuses
// links, moved aside. A version neither confirmed nor put back is put back when the guard dies.
#pragma once

#include <filesystem>

#include "gs/status.h"

namespace gs {

class KeptVersion {
 public:
  // Keeps what `path` holds now (nothing to keep where it does not exist); fails, naming the
  // path, where the old version can be neither linked nor moved aside.
  static Expected<KeptVersion> keep(const std::filesystem::path& path);
  ~KeptVersion();
  KeptVersion(KeptVersion&& other) noexcept;
  KeptVersion& operator=(KeptVersion&&) = delete;
  KeptVersion(const KeptVersion&) = delete;
  KeptVersion& operator=(const KeptVersion&) = delete;

  // Whether there was a file to keep.
  bool had_file() const { return had_file_; }
  // The replacement stands: the kept version is removed.
  void confirm();
  // The replacement is undone: the old file is back at the path (none where there was none).
  // False where the system refused (the kept version then stays under its hidden name).
  bool put_back();
  // The hidden name the old version is kept under (empty where there was none).
  const std::filesystem::path& kept_path() const { return kept_path_; }

 private:
  KeptVersion(std::filesystem::path path, std::filesystem::path kept_path, bool had_file);

  std::filesystem::path path_;
  std::filesystem::path kept_path_;
  bool had_file_ = false;
  bool settled_ = false;
};

}  // namespace gs
