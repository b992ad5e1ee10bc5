// The DejaVu font files, found and checked (font_files.h).
#include "font_files.h"

#include <cstdint>
#include <cstdlib>
#include <optional>

#include "gs/input_file.h"

namespace gs::app {
namespace {

struct Table {
  std::uint64_t offset = 0, length = 0;
};

class FontBytes {
 public:
  explicit FontBytes(const std::string& bytes) : bytes_(bytes) {}
  std::uint64_t size() const { return bytes_.size(); }
  bool holds(std::uint64_t offset, std::uint64_t length) const {
    return offset <= size() && length <= size() - offset;
  }
  std::uint32_t u16(std::uint64_t at) const { return byte(at) << 8 | byte(at + 1); }
  std::uint32_t u32(std::uint64_t at) const { return u16(at) << 16 | u16(at + 2); }

 private:
  std::uint32_t byte(std::uint64_t at) const { return static_cast<unsigned char>(bytes_[at]); }
  const std::string& bytes_;
};

constexpr std::uint32_t tag(const char (&name)[5]) {
  return std::uint32_t(name[0]) << 24 | std::uint32_t(name[1]) << 16 | std::uint32_t(name[2]) << 8 |
         std::uint32_t(name[3]);
}

// The offset of the first font: the file itself, or the first of a collection (.ttc).
std::optional<std::uint64_t> first_font(const FontBytes& font) {
  if (font.u32(0) != tag("ttcf")) return 0;
  if (!font.holds(0, 16) || font.u32(8) == 0) return std::nullopt;
  return font.u32(12);
}

bool is_font_version(std::uint32_t version) {
  return version == 0x00010000 || version == tag("true") || version == tag("OTTO") ||
         version == tag("typ1") || version == 0x31000000;
}

std::optional<Table> find_table(const FontBytes& font, std::uint64_t start, std::uint32_t name) {
  const std::uint32_t count = font.u16(start + 4);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint64_t record = start + 12 + 16 * std::uint64_t(i);
    if (font.u32(record) == name) return Table{font.u32(record + 8), font.u32(record + 12)};
  }
  return std::nullopt;
}

}  // namespace

std::filesystem::path font_file(const char* name) {
  const char* folder = std::getenv("GS_FONT_DIR");
  return std::filesystem::path(folder && *folder ? folder : kSystemFontDir) / name;
}

Status check_font_data(const std::string& bytes) {
  const FontBytes font(bytes);
  const std::string size = std::to_string(bytes.size()) + " bytes";
  if (bytes.empty()) return Error{"it is empty"};
  if (!font.holds(0, 12)) return Error{"it is cut short (" + size + ")"};
  const std::optional<std::uint64_t> start = first_font(font);
  if (!start || !font.holds(*start, 12)) return Error{"its font collection header is damaged"};
  if (!is_font_version(font.u32(*start))) return Error{"it is not a TrueType or OpenType font"};
  const std::uint32_t count = font.u16(*start + 4);
  if (count == 0 || !font.holds(*start + 12, 16 * std::uint64_t(count)))
    return Error{"its table directory runs past its " + size};
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint64_t record = *start + 12 + 16 * std::uint64_t(i);
    if (!font.holds(font.u32(record + 8), font.u32(record + 12)))
      return Error{"a table runs past its " + size + " (cut short?)"};
  }
  // The tables stb_truetype reads without asking, each at least as long as the fields it reads.
  const auto table = [&](const char(&name)[5], std::uint64_t least) -> std::optional<Table> {
    std::optional<Table> found = find_table(font, *start, tag(name));
    if (found && found->length < least) return std::nullopt;
    return found;
  };
  const std::optional<Table> cmap = table("cmap", 4), head = table("head", 54),
                             hhea = table("hhea", 36), hmtx = table("hmtx", 4),
                             maxp = table("maxp", 6);
  if (!cmap || !head || !hhea || !hmtx || !maxp)
    return Error{"a table every font has (cmap, head, hhea, hmtx, maxp) is missing or short"};
  // Lines of a positive height: stb_truetype divides by ascender - descender, and the sheet lays
  // its labels out by it.
  const auto s16 = [&](std::uint64_t at) { return std::int16_t(std::uint16_t(font.u16(at))); };
  const std::uint32_t units_per_em = font.u16(head->offset + 18);
  if (units_per_em < 16 || units_per_em > 16384 || s16(hhea->offset + 4) <= 0 ||
      s16(hhea->offset + 6) > 0 || s16(hhea->offset + 8) < 0)
    return Error{"its vertical metrics are impossible (units per em, ascender, descender, gap)"};
  const std::uint64_t metrics = font.u16(hhea->offset + 34);
  if (metrics == 0 || hmtx->length < 4 * metrics)
    return Error{"its horizontal metrics are shorter than they say"};
  const std::uint32_t encodings = font.u16(cmap->offset + 2);
  if (cmap->length < 4 + 8 * std::uint64_t(encodings))
    return Error{"its character map is shorter than it says"};
  bool unicode = false;  // stb_truetype maps characters through a Unicode encoding only
  for (std::uint32_t i = 0; i < encodings; ++i) {
    const std::uint64_t record = cmap->offset + 4 + 8 * std::uint64_t(i);
    if (font.u32(record + 4) + std::uint64_t(8) > cmap->length)
      return Error{"its character map points past its end"};
    const std::uint32_t platform = font.u16(record), encoding = font.u16(record + 2);
    unicode = unicode || platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
  }
  if (!unicode) return Error{"its character map has no Unicode encoding"};
  // TrueType outlines only: stb_truetype reads CFF outlines as if they ran to 512 MB.
  const std::optional<Table> glyf = table("glyf", 0), loca = table("loca", 0);
  if (!glyf) return Error{"it has no TrueType outlines (glyf)"};
  const std::uint64_t entry = font.u16(head->offset + 50) == 0 ? 2 : 4;
  if (!loca || loca->length < entry * (std::uint64_t(font.u16(maxp->offset + 4)) + 1))
    return Error{"its glyph locations are missing or shorter than its glyphs"};
  return Status::ok();
}

Expected<std::string> read_font_file(const std::filesystem::path& path) {
  Expected<std::optional<std::string>> bytes = read_regular_file(path, kMaxFontBytes);
  if (!bytes) return bytes.status();
  if (!*bytes)
    return Error{"the font file '" + path.string() + "' is missing (the package " + kFontPackage +
                 " provides it)"};
  if (Status usable = check_font_data(**bytes); !usable)
    return Error{"the font file '" + path.string() + "' is damaged: " + usable.message()};
  return std::move(**bytes);
}

}  // namespace gs::app
