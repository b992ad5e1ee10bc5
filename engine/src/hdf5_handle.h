// RAII for HDF5 identifiers, and HDF5's error stack turned into one line of text.
// Internal to the engine's HDF5 files (state_file.cpp, frame_writer.cpp).
#pragma once

#include <hdf5.h>

#include <string>
#include <utility>

namespace gs::hdf5 {

class Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer closer) : id_(id), closer_(closer) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept
      : id_(std::exchange(other.id_, H5I_INVALID_HID)), closer_(other.closer_) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, H5I_INVALID_HID);
      closer_ = other.closer_;
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now and reports whether HDF5 managed to (a file's close flushes its data).
  bool close() {
    const bool ok = !valid() || closer_(id_) >= 0;
    id_ = H5I_INVALID_HID;
    return ok;
  }
  void reset() { close(); }

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer closer_ = nullptr;
};

// Stops HDF5 from printing its error stack on the calling thread; our callers report errors
// themselves. Call it on every thread that uses HDF5; idempotent.
void silence_errors();

// The innermost message on HDF5's error stack ("file is not an HDF5 file", "No space left..."),
// or "" when the stack is empty; the stack is cleared.
std::string last_error();

// `what`, followed by " (the last error)" when HDF5 gave one.
std::string with_last_error(const std::string& what);

}  // namespace gs::hdf5
