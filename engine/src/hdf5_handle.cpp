#include "hdf5_handle.h"

#include <mutex>

namespace gs::hdf5 {
namespace {

// HDF5 closes files still open at exit; for a file whose flush failed (a full disk) that
// crashes inside HDF5 1.10. Every file here is closed explicitly, so the exit hook is not needed.
[[maybe_unused]] const bool kNoExitHook = H5dont_atexit() >= 0;

}  // namespace

void silence_errors() {
  static std::once_flag once;
  std::call_once(once, [] { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); });
}

std::string last_error() {
  std::string message;
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_UPWARD,
      [](unsigned, const H5E_error2_t* error, void* data) -> herr_t {
        auto* text = static_cast<std::string*>(data);
        if (text->empty() && error->desc) *text = error->desc;
        return 0;
      },
      &message);
  return message;
}

}  // namespace gs::hdf5
