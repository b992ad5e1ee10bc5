// Where the DejaVu fonts are (Debian's fonts-dejavu-core, or the folder $GS_FONT_DIR names), and
// reading one whole and checked: the app's UI and grayscott-sheet's labels draw with them through
// stb_truetype, which trusts every offset in the file, so a font whose table directory points
// past its end (an empty or cut file) is refused here rather than read out of bounds there.
// GL-free, so a program without a window can use them too.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

#include "gs/status.h"

namespace gs::app {

inline constexpr const char* kSansFontName = "DejaVuSans.ttf";
inline constexpr const char* kMonoFontName = "DejaVuSansMono.ttf";
inline constexpr const char* kSystemFontDir = "/usr/share/fonts/truetype/dejavu";
// The Debian package that installs both.
inline constexpr const char* kFontPackage = "fonts-dejavu-core";
// Larger than any font the program would use (DejaVu Sans is 0.7 MB).
inline constexpr std::size_t kMaxFontBytes = std::size_t(64) << 20;

// kSansFontName or kMonoFontName in $GS_FONT_DIR when it is set and not empty, else in
// kSystemFontDir.
std::filesystem::path font_file(const char* name);

// Whether `bytes` hold a TrueType font (glyf outlines) whose tables all lie inside it, with the
// tables and fields stb_truetype reads to open it; the problem in a few words otherwise ("it is
// empty", "its table directory runs past its 120 bytes"). This finds a damaged file (empty, cut
// short, not a font); the glyphs themselves (outlines, character map subtables) are trusted, as
// the fonts come from the system's font package or a folder the user names.
Status check_font_data(const std::string& bytes);

// The font file's bytes, checked. A missing file names the file and the package that provides
// it; a damaged one names the file and the damage.
Expected<std::string> read_font_file(const std::filesystem::path& path);

}  // namespace gs::app
