// Pictures decoded in this process (picture_file.h): what grayscott-picture-reader runs, and
// what the fuzzer drives.
#include "picture_file.h"

#include <stb_image.h>
#include <sys/resource.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "gs/input_file.h"
#include "gs/output_file.h"
#include "picture_format.h"

namespace gs::app {
namespace {

using StbPixels = std::unique_ptr<stbi_uc, void (*)(void*)>;

// stb_image's reason for a failure, printable: some reasons carry bytes of the file (an unknown
// PNG chunk's name), which may be line breaks or controls.
std::string reason() {
  return printable_path(stbi_failure_reason());
}

const stbi_uc* bytes_of(const std::string& bytes) {
  return reinterpret_cast<const stbi_uc*>(bytes.data());
}

// The size a PNG's header declares, read by hand: stb_image refuses a PNG past 1 GB decoded
// without saying why (its other formats' probes overwrite the reason), and the size is the why.
std::optional<std::pair<long, long>> png_header_size(const std::string& bytes) {
  static const std::string kSignature = "\x89PNG\r\n\x1a\n";
  if (bytes.size() < 24 || bytes.compare(0, 8, kSignature) != 0 || bytes.compare(12, 4, "IHDR"))
    return std::nullopt;
  const auto big_endian = [&](std::size_t at) {
    long value = 0;
    for (std::size_t i = 0; i < 4; ++i) value = value * 256 + (unsigned char)(bytes[at + i]);
    return value;
  };
  return std::pair{big_endian(16), big_endian(20)};
}

// The memory the decoder ran short of, as a person can change it: the address-space limit in
// force where it is below the decoder's own (an inherited `ulimit -v`), else the decoder's own.
std::string memory_limit_text() {
  rlimit memory{};
  if (::getrlimit(RLIMIT_AS, &memory) != 0 || memory.rlim_cur == RLIM_INFINITY)
    return "the memory available";
  if (memory.rlim_cur >= kPictureDecodeBytes)
    return "the " + std::to_string(kPictureDecodeBytes >> 30) + " GB a picture may take";
  return "the " + std::to_string(memory.rlim_cur >> 20) +
         " MB the address-space limit allows (ulimit -v)";
}

// Whether the memory a decoding holds at once (the file's inflated pixels and the decoded ones, at
// its bit depth) can be had now. When a large decoding runs short, stb_image's reason is often
// overwritten by its other formats' probes (a 16-bit PNG says "no SOI"), so the memory is asked
// again here. The pointer is volatile so that the compiler keeps the allocation it asks.
bool decoding_memory_available(int width, int height, int channels, bool sixteen_bit) {
  const std::size_t pixels = std::size_t(width) * std::size_t(height);
  const std::size_t bytes = pixels * (std::size_t(channels) + 4) * (sixteen_bit ? 2 : 1);
  void* volatile held = std::malloc(bytes);
  const bool available = held != nullptr;
  std::free(held);
  return available;
}

Status check_size(long width, long height, const std::string& name) {
  if (width <= 0 || height <= 0)
    return Error{"picture '" + name + "' has no pixels (" + std::to_string(width) + "x" +
                 std::to_string(height) + ")"};
  if (width > kMaxPictureSide || height > kMaxPictureSide || width * height > kMaxPicturePixels)
    return Error{"picture '" + name + "' is " + std::to_string(width) + "x" +
                 std::to_string(height) + " pixels, past the limit of " +
                 std::to_string(kMaxPictureSide) + " a side and " +
                 std::to_string(kMaxPicturePixels >> 20) + " million pixels"};
  return Status::ok();
}

}  // namespace

Expected<Picture> decode_picture(const std::string& bytes, const std::string& name) {
  if (bytes.empty()) return Error{"picture '" + name + "' is an empty file"};
  if (bytes.size() > std::size_t(INT32_MAX))
    return Error{"picture '" + name + "' is larger than 2 GB"};
  PictureFormat format{};
  GS_TRY_ASSIGN(format, picture_format(bytes, name));
  const int length = int(bytes.size());
  int width = 0, height = 0, channels = 0;
  if (!stbi_info_from_memory(bytes_of(bytes), length, &width, &height, &channels)) {
    if (const auto declared = png_header_size(bytes))
      GS_TRY(check_size(declared->first, declared->second, name));
    return Error{"picture '" + name + "' is not a " + kPictureFormatNames + " picture (" +
                 reason() + ")"};
  }
  // A negative height is a BMP's top-down form, which stb_image's probe reports as it is; as a
  // long, since -2^31 has no positive int (check_size then refuses it as too tall).
  long rows = height;
  if (format == PictureFormat::Bmp && rows < 0) rows = -rows;
  GS_TRY(check_size(width, rows, name));
  height = int(rows);
  GS_TRY(check_pixels_present(format, bytes, width, height, channels, name));
  int decoded_width = 0, decoded_height = 0;
  StbPixels pixels(stbi_load_from_memory(bytes_of(bytes), length, &decoded_width, &decoded_height,
                                         &channels, STBI_rgb_alpha),
                   stbi_image_free);
  if (!pixels &&
      (std::string(stbi_failure_reason()) == "outofmem" ||
       !decoding_memory_available(width, height, channels,
                                  stbi_is_16_bit_from_memory(bytes_of(bytes), length) != 0)))
    return Error{"picture '" + name + "' needs more memory to decode than " + memory_limit_text()};
  if (!pixels) return Error{"picture '" + name + "' cannot be decoded (" + reason() + ")"};
  if (decoded_width != width || decoded_height != height)  // the header said otherwise
    return Error{"picture '" + name + "' decodes to another size than its header says"};
  Picture picture{width, height, {}};
  picture.rgba.assign(pixels.get(), pixels.get() + std::size_t(width) * std::size_t(height) * 4);
  return picture;
}

Expected<Picture> read_picture_in_process(const std::filesystem::path& path) {
  std::optional<std::string> bytes;
  GS_TRY_ASSIGN(bytes, read_regular_file(path, kMaxPictureFileBytes));
  if (!bytes) return Error{"picture '" + path.string() + "' does not exist"};
  return decode_picture(*bytes, printable_path(path));
}

}  // namespace gs::app
