// Output that appears whole or not at all: writes go to a hidden temporary name in the target's
// folder, commit() renames it into place, and a file never committed is removed when the
// guard dies (on an error, or when an interrupt unwinds the program). Only regular files are
// replaced: a device, a FIFO or a directory at the target is refused. A symlink at the target is
// written through (its target file is replaced and the link stays) for a file the user named, and
// replaced itself for a companion file the user never named (an XDMF description). A replaced
// file keeps its permission bits.
#pragma once

#include <cstddef>
#include <filesystem>

#include "gs/status.h"

namespace gs {

// What an OutputFile does with a symlink at its path.
enum class AtLink {
  WriteThrough,  // the file the link leads to is replaced; the link stays (a path the user named)
  Replace,       // the link itself is replaced (a companion file the user never named)
};

class OutputFile {
 public:
  explicit OutputFile(const std::filesystem::path& path, AtLink at_link = AtLink::WriteThrough);
  ~OutputFile();
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::filesystem::path& temp_path() const { return temp_path_; }
  // The file that commit() replaces: the given path, or the file a symlink there points to.
  const std::filesystem::path& final_path() const { return final_path_; }

  // Fails, naming the path and the reason, if the file cannot be written and put in place there:
  // a folder that refuses new files, a name too long, a file of another user in a sticky folder
  // (/tmp). Call it before long work so a bad path is reported at once.
  Status check_writable() const;
  Status commit();

 private:
  std::filesystem::path given_path_;
  std::filesystem::path final_path_;
  std::filesystem::path temp_path_;
  AtLink at_link_;
  bool committed_ = false;
};

// Writes `bytes` to `path` through an OutputFile: every write and the close checked, flushed to
// the disk before the rename, so a full disk is a message naming the system's reason and the
// previous file stays as it was.
Status write_file_whole(const std::filesystem::path& path, const void* bytes, std::size_t size);
// The same, left under its temporary name: commit() the guard to put it in place, or drop it to
// remove it, so that several files appear together or not at all (nothing renamed after a stop).
Expected<OutputFile> write_file_staged(const std::filesystem::path& path, const void* bytes,
                                       std::size_t size, AtLink at_link = AtLink::WriteThrough);

// Whether two paths name one file: the same device and inode where both exist, else the same
// path once symlinks and "." or ".." are resolved (so "f.h5" and "./f.h5" are one file).
bool names_same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// The path as a message names a written file: absolute and without "." or ".." ("state.h5" in
// /home/a is "/home/a/state.h5"), so the reader knows the folder too; printable (below).
std::string whole_path(const std::filesystem::path& path);

// The path as a message quotes it, whatever its bytes: control characters (a newline in a file
// name) written as \n, \t or \xNN and a backslash as \\, so a message stays one line and says
// which file it means. Other bytes (UTF-8 names) are kept.
std::string printable_path(const std::filesystem::path& path);

}  // namespace gs
