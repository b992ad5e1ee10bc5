#include "hdf5_handle.h"

#include <algorithm>

namespace gs::hdf5 {
namespace {

// HDF5 closes files still open at exit; for a file whose flush failed (a full disk) that
// crashes inside HDF5 1.10. Every file here is closed explicitly, so the exit hook is not needed.
[[maybe_unused]] const bool kNoExitHook = H5dont_atexit() >= 0;

}  // namespace

void silence_errors() {
  // A thread-safe HDF5 keeps an error stack, and its printing switch, per thread: every thread
  // that calls HDF5 (the frame writer's too) turns its own off.
  thread_local const bool silenced = H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr) >= 0;
  (void)silenced;
}

std::string last_error() {
  std::string message;
  // A failed write's description spans lines ("file write failed: time = ..., errno = 28,
  // error message = 'No space left on device', ..."): keep the system's message.
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_UPWARD,
      [](unsigned, const H5E_error2_t* error, void* data) -> herr_t {
        auto* text = static_cast<std::string*>(data);
        if (text->empty() && error->desc) *text = error->desc;
        return 0;
      },
      &message);
  // Read once: clearing frees the records' strings now. A thread-safe libhdf5 keeps one stack a
  // thread and frees it at the thread's end without them (LeakSanitizer saw the writer's).
  H5Eclear2(H5E_DEFAULT);
  const std::string marker = "error message = '";
  if (const std::size_t at = message.find(marker); at != std::string::npos) {
    const std::size_t start = at + marker.size();
    return message.substr(start, message.find('\'', start) - start);
  }
  std::replace(message.begin(), message.end(), '\n', ' ');
  return message;
}

std::string with_last_error(const std::string& what) {
  const std::string detail = last_error();
  return detail.empty() ? what : what + " (" + detail + ")";
}

}  // namespace gs::hdf5
