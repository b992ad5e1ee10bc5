#include "font_dir.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "font_files.h"

namespace gs::test {

std::string to_string(FontDamage damage) {
  switch (damage) {
    case FontDamage::empty:
      return "empty";
    case FontDamage::cut_short:
      return "cut short";
    case FontDamage::not_a_font:
      return "not a font";
  }
  return "?";
}

void write_damaged_fonts(const std::filesystem::path& folder, FontDamage damage) {
  std::filesystem::create_directories(folder);
  for (const char* name : {app::kSansFontName, app::kMonoFontName}) {
    std::ifstream real(std::filesystem::path(app::kSystemFontDir) / name, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(real), {}};
    if (bytes.size() < 4096) throw std::runtime_error(std::string("no system font ") + name);
    std::ofstream out(folder / name, std::ios::binary | std::ios::trunc);
    // Cut past the table directory, inside the tables: stb_truetype read past the end there.
    if (damage == FontDamage::cut_short) out << bytes.substr(0, 3000);
    if (damage == FontDamage::not_a_font) out << "plain text, no font tables\n";
  }
}

FontDirForChildren::FontDirForChildren(const std::filesystem::path& folder) {
  setenv("GS_FONT_DIR", folder.c_str(), 1);
}

FontDirForChildren::~FontDirForChildren() {
  unsetenv("GS_FONT_DIR");
}

}  // namespace gs::test
