// Fuzzes load_settings, the app's reader of settings.json: the input is written to a temporary
// file and read, directly and through a symlink to it (the same answer either way). Whatever the
// bytes, the answer is settings within range or a one-line note. With the first input, the
// special files a settings path can hold (a FIFO with no writer, a folder, a symlink loop, a
// symlink to a FIFO or to /dev/zero) must each be a note at once: a hang there is the fuzzer's
// timeout, a read of /dev/zero its memory limit.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "fuzz_temp_file.h"
#include "settings.h"

namespace {

using namespace gs::app;

void require(bool condition) {
  if (!condition) std::abort();
}

void check_in_range(const Settings& settings) {
  // Accepted settings reach the window system and the fonts as they are: they must be in range.
  require(settings.ui_scale >= 0.5f && settings.ui_scale <= 4.0f);
  require(settings.font_size >= 8.0f && settings.font_size <= 64.0f);
  if (const auto& w = settings.window)
    require(w->width >= kMinWindowWidth && w->width <= kMaxWindowSide &&
            w->height >= kMinWindowHeight && w->height <= kMaxWindowSide &&
            w->x >= -kMaxWindowSide && w->x <= kMaxWindowSide && w->y >= -kMaxWindowSide &&
            w->y <= kMaxWindowSide);
}

// A note, not settings, and one line.
void require_note(const std::filesystem::path& path) {
  const gs::Expected<Settings> settings = load_settings(path);
  require(!settings && !settings.message().empty() &&
          settings.message().find('\n') == std::string::npos);
}

void check_special_files() {
  const char* tmp = std::getenv("TMPDIR");
  std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/gs-fuzz-special-XXXXXX";
  require(::mkdtemp(folder.data()) != nullptr);
  const std::filesystem::path dir = folder;
  namespace fs = std::filesystem;
  require(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  require_note(dir / "fifo");
  fs::create_directory(dir / "folder");
  require_note(dir / "folder");
  fs::create_symlink("loop-b", dir / "loop-a");
  fs::create_symlink("loop-a", dir / "loop-b");
  require_note(dir / "loop-a");
  fs::create_symlink("fifo", dir / "to-fifo");
  require_note(dir / "to-fifo");
  fs::create_symlink("/dev/zero", dir / "to-zero");
  require_note(dir / "to-zero");
  fs::remove_all(dir);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // With the first input, under libFuzzer's timeout (which does not yet run at initialization).
  static const bool special_files_checked = (check_special_files(), true);
  (void)special_files_checked;
  const gs::fuzz::TempInputFile input(data, size, ".json");
  const gs::Expected<Settings> settings = load_settings(input.path());
  const std::string link = input.path() + ".link";
  require(::symlink(input.path().c_str(), link.c_str()) == 0);
  const gs::Expected<Settings> linked = load_settings(link);
  ::unlink(link.c_str());
  require(bool(settings) == bool(linked));
  if (!settings) {
    require(!settings.message().empty());
    return 0;
  }
  check_in_range(*settings);
  require(linked->ui_scale == settings->ui_scale && linked->font_size == settings->font_size);
  return 0;
}
