// Fuzzes the state-file reader of both programs, in this process (gs::read_state runs the same
// reader in a child process, which would hide both its faults and its coverage from libFuzzer):
// the input is written to a temporary file, read, and removed. Whatever the bytes, the reader
// must answer, not crash.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_state_limits.h"
#include "fuzz_temp_file.h"
#include "gs/fields.h"
#include "gs/state_file.h"
#include "state_file_reader.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gs::fuzz::start_hdf5_afresh();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const gs::fuzz::TempInputFile input(data, size, ".h5");
  if (gs::fuzz::too_large_to_read(input.path()))
    return 0;  // (clang 14's libFuzzer has no -1 to reject)
  const gs::Expected<gs::StateFile> state =
      gs::read_state_in_process(input.path(), 2 * sizeof(float));
  if (state) {
    // What the reader accepts, the programs may use as it is.
    const gs::Fields& fields = state->fields;
    if (fields.size.width < 1 || fields.size.height < 1 ||
        fields.size.width > gs::kMaxGridDimension || fields.size.height > gs::kMaxGridDimension ||
        fields.u.size() != fields.size.cells() || fields.v.size() != fields.size.cells() ||
        (state->step && (*state->step < 0 || *state->step > (std::int64_t(1) << 53))))
      std::abort();
  } else if (state.message().empty()) {
    std::abort();  // every refusal says why
  }
  // Also hands back what libhdf5 keeps on its free lists, so that an input's allocations and
  // frees balance and libFuzzer looks for leaks only where they may be.
  gs::fuzz::start_hdf5_afresh();
  return 0;
}
