// The plain values that cross the backend interface: display targets, timings, the brush, a
// field's range and the GPU's own measurements. No kernel code: callers of a backend need these
// types, not how a backend computes with them.
#pragma once

#include "gs/enum_names.h"

#include <cstddef>
#include <cstdint>

namespace gs {

// Texture: a texture of the graphics context a context backend runs in (capabilities()
// .writes_texture), named by `texture`, R32F and of the grid's size.
enum class MemorySpace { Host, Device, Texture };
enum class DisplayField { U, V };

inline constexpr EnumNames<DisplayField, 2> kDisplayFieldNames{
    {{DisplayField::U, "u"}, {DisplayField::V, "v"}}};
constexpr const auto& enum_names(DisplayField) {
  return kDisplayFieldNames;
}

// A caller-given buffer of width x height floats for the display field, tagged with the memory
// it lives in so a GPU backend can write into a mapped GL buffer without knowing about GL; or,
// for a backend in a graphics context, the texture the renderer samples (an opaque name).
struct DisplayTarget {
  float* data = nullptr;
  std::size_t count = 0;
  MemorySpace space = MemorySpace::Host;
  std::uint32_t texture = 0;
};

// Times of the backend's last call, split the way the course teaches: compute (kernels or the
// twin's loops) apart from copies between memories.
struct Timings {
  double compute_ms = 0.0;
  double transfer_ms = 0.0;
  int steps = 0;  // the steps compute_ms covers (a GPU's newest finished call may be an older one)
};

// Where a GPU backend's work runs, for the app's interop seam: the CUDA device and stream (an
// opaque cudaStream_t, so this header needs no CUDA). A host backend has device -1.
struct DeviceStream {
  int device = -1;
  void* stream = nullptr;
};

// What a brush paints: u and v (paint v, or erase), or the style map toward set A (byte 0) or set
// B (byte 255), with a soft edge (style_brush_kernel_body.h).
enum class BrushStyle { None, TowardA, TowardB };

// Paints v in a disc, or erases it to the resting state u = 1, v = 0. With a segment start it
// paints the capsule instead, every cell within the radius of the segment from there to the
// centre: a drag's path since the last frame, so a fast stroke is not a row of separate discs.
// With a style it paints the style map instead and leaves u and v alone.
struct Brush {
  float x = 0.0f;  // centre, in cells
  float y = 0.0f;
  float radius = 1.0f;  // in cells
  float value = 0.5f;   // the v painted; ignored when erasing
  bool erase = false;
  float from_dx = 0.0f;  // the segment's start, relative to the centre, in cells; 0, 0: a disc
  float from_dy = 0.0f;
  BrushStyle style = BrushStyle::None;
};

inline constexpr float kMaxBrushRadius = 4096.0f;
// The longest segment along either axis, which bounds the box of cells a stroke may touch.
inline constexpr float kMaxBrushSegment = 16384.0f;

// The smallest and largest finite value of a field.
struct ValueRange {
  float low = 0.0f;
  float high = 0.0f;
};

// The app's interop path against its host path, without GL: the display field written into a
// device buffer (as into a mapped PBO) against copied to pinned host memory; in ms.
struct DisplayPathTimes {
  double device_ms = 0.0;
  double host_ms = 0.0;
};

// What a step graph's build costs against a replay of its steps and against plain launches of
// as many steps, each host call to the end of the GPU's work, in ms.
struct GraphCosts {
  int steps = 0;
  double build_and_run_ms = 0.0;
  double replay_ms = 0.0;
  double launches_ms = 0.0;
};

}  // namespace gs
