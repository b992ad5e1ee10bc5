#include "gs/data_paths.h"

#include <cstdlib>
#include <system_error>

namespace gs {

std::filesystem::path data_directory() {
  if (const char* override_dir = std::getenv("GS_DATA_DIR"); override_dir && *override_dir)
    return override_dir;
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return GS_INSTALLED_DATA_DIR;
  return exe.parent_path().parent_path() / GS_DATA_SUBDIR;
}

std::filesystem::path script_file_path(const std::string& path) {
  const std::filesystem::path given(path);
  std::error_code error;
  if (given.is_absolute() || std::filesystem::exists(given, error)) return given;
  const std::filesystem::path shipped = data_directory() / given;
  return std::filesystem::exists(shipped, error) ? shipped : given;
}

}  // namespace gs
