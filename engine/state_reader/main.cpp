// grayscott-state-reader: reads one state file for gs::read_state in the program that started
// it, answering on standard output (engine/src/state_read_protocol.h). A process of its own,
// started fresh (not forked from a program that may hold locks in other threads), so a crafted
// file that crashes or hangs libhdf5 ends only this process. Not meant to be run by hand.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "state_read_protocol.h"

int main(int argc, char** argv) {
  using namespace gs::state_read;
  const bool fields = argc == 4 && std::strcmp(argv[1], kFieldsWord) == 0;
  const bool check = argc == 4 && std::strcmp(argv[1], kCheckWord) == 0;
  char* end = nullptr;
  const unsigned long long run_bytes = argc == 4 ? std::strtoull(argv[2], &end, 10) : 0;
  if ((!fields && !check) || end == argv[2] || *end != '\0') {
    std::fprintf(stderr,
                 "grayscott-state-reader: started by the Gray-Scott Live programs to read a "
                 "state file; usage: %s fields|check RUN_BYTES_PER_CELL FILE\n",
                 argv[0]);
    return 2;
  }
  return answer(1, argv[3], std::size_t(run_bytes), fields ? Keep::Fields : Keep::Nothing);
}
