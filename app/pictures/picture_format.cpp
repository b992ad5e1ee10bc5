#include "picture_format.h"

#include <cstddef>

namespace gs::app {
namespace {

bool starts_with(const std::string& bytes, const std::string& signature) {
  return bytes.compare(0, signature.size(), signature) == 0;
}

// The fewest bytes the format can hold `pixels` pixels of `channels` bytes in: PNM stores them
// raw; BMP packs down to a bit a pixel; TGA's run-length packets hold up to 128 pixels each in one
// count byte and one pixel; a JPEG codes at least a bit for each 8x8 block of its first
// component (its DC difference), and needs a scan (SOS marker). PNG and GIF are judged by their
// decoders, which fail on missing data.
double fewest_bytes(PictureFormat format, double pixels, int channels) {
  switch (format) {
    case PictureFormat::Pnm:
      return pixels * channels;
    case PictureFormat::Bmp:
      return pixels / 8;
    case PictureFormat::Tga:
      return pixels / 128 * (1 + channels);
    case PictureFormat::Jpeg:
      return pixels / 64 / 8;
    default:
      return 0;
  }
}

// The scans (SOS segments) of a JPEG, counted by walking its segments: each marker's length is
// skipped, and a scan's entropy-coded data runs to the next marker (0xff followed by neither a
// stuffed zero nor a restart marker). Counting stops at the end of the image or of the bytes.
int jpeg_scans(const std::string& bytes) {
  const auto byte = [&bytes](std::size_t at) { return (unsigned char)(bytes[at]); };
  int scans = 0;
  std::size_t at = 2;  // past SOI
  while (at + 4 <= bytes.size()) {
    if (byte(at) != 0xff) return scans;  // not a marker where one must be: the decoder judges
    const unsigned char marker = byte(at + 1);
    if (marker == 0xff) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0xd9) return scans;  // EOI
    const std::size_t length = std::size_t(byte(at + 2)) * 256 + byte(at + 3);
    at += 2 + length;
    if (marker != 0xda) continue;
    ++scans;
    while (at + 1 < bytes.size() &&
           !(byte(at) == 0xff && byte(at + 1) != 0 && (byte(at + 1) < 0xd0 || byte(at + 1) > 0xd7)))
      ++at;
  }
  return scans;
}

}  // namespace

const char* const kPictureFormatNames = "PNG, JPEG, BMP, GIF, TGA or PNM";

Expected<PictureFormat> picture_format(const std::string& bytes, const std::string& name) {
  if (starts_with(bytes, "\x89PNG\r\n\x1a\n")) return PictureFormat::Png;
  if (starts_with(bytes, "\xff\xd8\xff")) return PictureFormat::Jpeg;
  if (starts_with(bytes, "BM")) return PictureFormat::Bmp;
  if (starts_with(bytes, "GIF87a") || starts_with(bytes, "GIF89a")) return PictureFormat::Gif;
  if (starts_with(bytes, "P5") || starts_with(bytes, "P6")) return PictureFormat::Pnm;
  const auto refused = [&](const std::string& kind) {
    return Error{"picture '" + name + "' is " + kind + ", which is not read (only " +
                 kPictureFormatNames + ")"};
  };
  if (starts_with(bytes, "8BPS")) return refused("a Photoshop (PSD) file");
  if (starts_with(bytes, "#?")) return refused("a Radiance HDR picture");
  if (starts_with(bytes, "\x53\x80\xf6\x34")) return refused("a Softimage PIC picture");
  return PictureFormat::Tga;
}

Status check_pixels_present(PictureFormat format, const std::string& bytes, long width, long height,
                            int channels, const std::string& name) {
  // Each scan of a progressive JPEG passes over the whole picture: a few hundred bytes of crafted
  // scans over a large one kept stb_image busy for 44 s. Encoders write about ten.
  if (format == PictureFormat::Jpeg)
    if (const int scans = jpeg_scans(bytes); scans > kMaxJpegScans)
      return Error{"picture '" + name + "' is malformed: " + std::to_string(scans) +
                   " scans, past the " + std::to_string(kMaxJpegScans) +
                   " a JPEG may have (a crafted picture?)"};
  const double pixels = double(width) * double(height);
  const bool scan_missing =
      format == PictureFormat::Jpeg && bytes.find("\xff\xda") == std::string::npos;
  if (!scan_missing && double(bytes.size()) >= fewest_bytes(format, pixels, channels))
    return Status::ok();
  return Error{"picture '" + name + "' is malformed: its header declares " + std::to_string(width) +
               "x" + std::to_string(height) +
               " pixels, and the file holds too few bytes for them (cut short?)"};
}

}  // namespace gs::app
