// What grayscott-state-reader (engine/state_reader/) sends its parent through a pipe: a Packet
// once started, then as often as it has progress to report (before each block of rows, and after
// the last), then a
// Packet with `answer` set, a ReplyHeader, and the error message or the fields (none for a
// check). Both ends are built from this header in the same build, so the bytes of a trivially
// copyable struct mean the same on both; `magic` catches a reader from another build.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>

#include "gs/fields.h"
#include "gs/param_overrides.h"
#include "state_file_reader.h"

namespace gs::state_read {

// What the reader sends back: the fields read, or only what the file holds (a check).
enum class Keep : std::uint8_t { Fields, Nothing };

// The reader's command line: the program, then these words, then the file.
inline constexpr const char* kFieldsWord = "fields";
inline constexpr const char* kCheckWord = "check";

inline constexpr std::uint64_t kMagic = 0x67732d7374617465u ^ sizeof(RowsProgress);

struct Packet {
  std::uint64_t magic = kMagic;
  bool answer = false;
  RowsProgress progress;
};
static_assert(std::is_trivially_copyable_v<Packet>);

struct ReplyHeader {
  bool ok = false;
  std::uint32_t message_bytes = 0;
  GridSize size;
  bool has_style = false;  // a byte a cell follows v
  ParamOverrides params;
  std::optional<std::int64_t> step;
};
static_assert(std::is_trivially_copyable_v<ReplyHeader>);

// The reader's whole work: reads `path`, reporting progress and then the answer on `fd`.
// Returns the reader's exit status (0 when the answer was sent).
int answer(int fd, const char* path, std::size_t run_bytes_per_cell, Keep keep);

}  // namespace gs::state_read
