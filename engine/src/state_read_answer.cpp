// The reading end of gs::read_state, run by grayscott-state-reader: reads the file in this
// process (where libhdf5 may crash or loop on a crafted file without harming the program that
// asked) and sends the answer to the parent.
#include <hdf5.h>
#include <unistd.h>

#include <cerrno>
#include <new>
#include <string>
#include <utility>

#include "state_read_protocol.h"

namespace gs::state_read {
namespace {

bool write_all(int fd, const void* data, std::size_t bytes) {
  const auto* from = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t wrote = ::write(fd, from, bytes);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    from += wrote;
    bytes -= std::size_t(wrote);
  }
  return true;
}

}  // namespace

int answer(int fd, const char* path, std::size_t run_bytes_per_cell, Keep keep) {
  const auto report = [fd](const RowsProgress& progress) {
    Packet packet;
    packet.progress = progress;
    if (!write_all(fd, &packet, sizeof packet)) ::_exit(1);  // the parent has gone
  };
  // Started once the library is ready: its set-up is this machine's cost, not the file's, and
  // from the report on the parent's limits are the file's.
  H5open();
  report(RowsProgress{});
  ReplyHeader header;
  std::string message;
  Fields fields;
  try {
    Expected<StateFile> state = keep == Keep::Fields
                                    ? read_state_in_process(path, run_bytes_per_cell, report)
                                    : check_state_in_process(path, report);
    if (state) {
      header.ok = true;
      header.size = state->fields.size;
      header.has_style = !state->fields.style.empty();
      header.params = state->params;
      header.step = state->step;
      fields = std::move(state->fields);
    } else {
      message = state.message();
    }
  } catch (const std::bad_alloc&) {
    message = "cannot read '" + std::string(path) + "': out of memory";
  }
  header.message_bytes = std::uint32_t(message.size());
  const std::size_t field_bytes = fields.u.size() * sizeof(float);
  Packet answer;
  answer.answer = true;
  const bool sent =
      write_all(fd, &answer, sizeof answer) && write_all(fd, &header, sizeof header) &&
      write_all(fd, message.data(), message.size()) &&
      write_all(fd, fields.u.data(), field_bytes) && write_all(fd, fields.v.data(), field_bytes) &&
      write_all(fd, fields.style.data(), fields.style.size());
  return sent ? 0 : 1;
}

}  // namespace gs::state_read
