// Fuzzes load_settings, the app's reader of settings.json: the input is written to a temporary
// file and read. Whatever the bytes, the answer is settings within range or a one-line note.
#include <cstdint>
#include <cstdlib>

#include "fuzz_temp_file.h"
#include "settings.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs::app;
  const gs::fuzz::TempInputFile input(data, size, ".json");
  const gs::Expected<Settings> settings = load_settings(input.path());
  if (!settings) {
    if (settings.message().empty()) std::abort();
    return 0;
  }
  // Accepted settings reach the window system and the fonts as they are: they must be in range.
  if (!(settings->ui_scale >= 0.5f && settings->ui_scale <= 4.0f) ||
      !(settings->font_size >= 8.0f && settings->font_size <= 64.0f))
    std::abort();
  if (const auto& w = settings->window;
      w && (w->width < kMinWindowWidth || w->width > kMaxWindowSide ||
            w->height < kMinWindowHeight || w->height > kMaxWindowSide || w->x < -kMaxWindowSide ||
            w->x > kMaxWindowSide || w->y < -kMaxWindowSide || w->y > kMaxWindowSide))
    std::abort();
  return 0;
}
