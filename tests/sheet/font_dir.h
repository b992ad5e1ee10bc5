// Damaged fonts for the programs under test: a folder for GS_FONT_DIR holding DejaVuSans.ttf and
// DejaVuSansMono.ttf as one damage each (empty, cut short, not a font), and GS_FONT_DIR set for
// the programs this process starts while the object lives.
#pragma once

#include <filesystem>
#include <string>

namespace gs::test {

enum class FontDamage { empty, cut_short, not_a_font };

// The damage's name as the tests print it ("empty").
std::string to_string(FontDamage damage);

// Writes both DejaVu fonts into `folder` with this damage (the real ones cut, for cut_short).
void write_damaged_fonts(const std::filesystem::path& folder, FontDamage damage);

class FontDirForChildren {
 public:
  explicit FontDirForChildren(const std::filesystem::path& folder);
  ~FontDirForChildren();
  FontDirForChildren(const FontDirForChildren&) = delete;
  FontDirForChildren& operator=(const FontDirForChildren&) = delete;
};

}  // namespace gs::test
