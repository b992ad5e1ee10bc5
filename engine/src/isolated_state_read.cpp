// gs::read_state: the state file read by grayscott-state-reader (engine/state_reader/), a helper
// process of its own (gs/helper_process.h). Debian's libhdf5 crashes or loops forever on some
// crafted files, inside its own code (see tests/fuzz/libhdf5-faults); in another process such a
// fault ends only that process, and the caller gets a one-line error instead of losing the
// program (and, in the app, the running simulation). It answers through a pipe
// (state_read_protocol.h).
#include <string>
#include <vector>

#include "gs/helper_process.h"
#include "gs/state_file.h"
#include "state_file_reader.h"
#include "state_read_protocol.h"
#include "state_read_receiver.h"

namespace gs {
namespace {

using state_read::Keep;

// The file read by the reader program. Where it cannot be started, a one-line refusal naming it,
// or, when the user asked (GS_READ_IN_PROCESS=1), the file read in this process as the reader
// itself reads it.
Expected<StateFile> read_isolated(const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                                  const StateReadWatch& watch, Keep keep) {
  const std::filesystem::path program = helper_program("grayscott-state-reader");
  HelperProcess reader(program,
                       {keep == Keep::Fields ? state_read::kFieldsWord : state_read::kCheckWord,
                        std::to_string(run_bytes_per_cell), path.string()});
  if (reader.error() != 0) {
    if (read_in_process_asked())
      return keep == Keep::Fields ? read_state_in_process(path, run_bytes_per_cell)
                                  : check_state_in_process(path);
    return Error{
        helper_not_started("cannot read '" + path.string() + "'", program, reader.error())};
  }
  const state_read::ReaderEnd end{[&reader](bool kill_first) { return reader.end(kill_first); },
                                  program.string()};
  return state_read::receive_answer(reader.take_answer_fd(), end, path.string(),
                                    state_read::time_limits_from_environment(), watch, keep);
}

}  // namespace

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t run_bytes_per_cell) {
  return read_state(path, run_bytes_per_cell, StateReadWatch{});
}

Expected<StateFile> read_state(const std::filesystem::path& path, std::size_t run_bytes_per_cell,
                               const StateReadWatch& watch) {
  return read_isolated(path, run_bytes_per_cell, watch, Keep::Fields);
}

Expected<StateFile> check_state(const std::filesystem::path& path) {
  return read_isolated(path, 0, StateReadWatch{}, Keep::Nothing);
}

}  // namespace gs
