// Fuzzes decode_picture, what grayscott-picture-reader runs on every picture the programs read
// (PNG, JPEG, BMP, GIF, TGA, PNM; the formats refused by name are in the corpus too): whatever the
// bytes, the answer is a picture within the limits, whole, or a one-line refusal. A decoding that
// takes longer than run-fuzzers.sh's per-input limit is a failure: a slow decode found.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "picture_file.h"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gs::app;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const gs::Expected<Picture> picture = decode_picture(bytes, "fuzzed");
  if (!picture) {
    const std::string& message = picture.message();
    require(!message.empty() && message.find('\n') == std::string::npos);
    require(message.find("'fuzzed'") != std::string::npos);
    return 0;
  }
  require(picture->width > 0 && picture->height > 0 && picture->width <= kMaxPictureSide &&
          picture->height <= kMaxPictureSide &&
          long(picture->width) * picture->height <= kMaxPicturePixels);
  require(picture->rgba.size() == std::size_t(picture->width) * std::size_t(picture->height) * 4);
  return 0;
}
