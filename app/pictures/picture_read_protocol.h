// What grayscott-picture-reader sends the program that started it, on its standard output, for
// each file it was given in turn: a PictureReply, then the message (when not ok) or the RGBA
// pixels. Both ends are built from this
// header in the same build; `magic` catches a reader from another build.
#pragma once

#include <cstdint>
#include <type_traits>

namespace gs::app::picture_read {

inline constexpr std::uint64_t kMagic = 0x67732d7069637431u;

struct PictureReply {
  std::uint64_t magic = kMagic;
  bool ok = false;
  std::uint32_t message_bytes = 0;
  std::int32_t width = 0;
  std::int32_t height = 0;
};
static_assert(std::is_trivially_copyable_v<PictureReply>);

}  // namespace gs::app::picture_read
