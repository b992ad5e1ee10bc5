// The small interface every simulation backend implements (the CPU twin, CUDA).
// A backend owns its copy of the fields (host or device memory); callers copy a state in once,
// step it many times, and copy it out or display it only when they need to. Not thread-safe: one
// thread drives a backend.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "gs/backend_capabilities.h"
#include "gs/backend_options.h"
#include "gs/backend_types.h"
#include "gs/fields.h"
#include "gs/frame_readback.h"
#include "gs/launch_shape.h"
#include "gs/params.h"
#include "gs/status.h"

namespace gs {

// Host memory page-locked for a backend's copies while this guard lives (Backend::pin_host_memory).
class PinnedHostMemory {
 public:
  virtual ~PinnedHostMemory() = default;
};

// Where a backend's state lives in GPU memory, for another backend on the same GPU to copy
// rows of it there (Backend::copy_rows_from): the current u and v, valid until the backend's
// next call, its grid, and its device and stream, whose order such a copy joins.
struct DeviceState {
  DeviceStream stream;
  const float* u = nullptr;
  const float* v = nullptr;
  GridSize size;
};

class Backend {
 public:
  virtual ~Backend() = default;

  virtual BackendKind kind() const = 0;
  virtual BackendCapabilities capabilities() const = 0;
  // "cpu" or "cuda" (the kind's name), and a line for people ("CPU twin, ..., 2 threads").
  std::string name() const { return std::string(to_string(kind())); }
  virtual std::string description() const = 0;

  // Takes this backend's part of the options (the CPU twin its loop and steps per pass, CUDA its
  // launch) and leaves the rest; what it was created with (threads, device) stays. A failing
  // call changes nothing.
  virtual Status configure(const BackendOptions& options) = 0;

  // Replaces the state with these fields; the grid takes their size. (Named apart from the
  // app's `upload` display path.)
  virtual Status copy_in(const Fields& fields) = 0;
  virtual Status set_params(const Params& params) = 0;
  virtual Status step(int count) = 0;
  virtual Status copy_out(Fields& fields) = 0;
  virtual Status write_display(DisplayField field, const DisplayTarget& target) = 0;
  // Rows [first, first + count) of u and v, without the rest of the state: out into `rows`
  // (resized to width x count), or in from `rows` at `first` (a rank's edge rows for its
  // neighbours, and theirs into its halo).
  virtual Status read_rows(int first, int count, Fields& rows) = 0;
  virtual Status write_rows(int first, const Fields& rows) = 0;
  // Rows [first, first + count) of `source`'s state (another backend, as wide) into this
  // backend's state from row `into` (a rank's edge strips into the backend that steps them
  // ahead). Where both keep their state on one GPU the rows stay there: copied after the work
  // queued on both, the source's next work queued behind the copy, and the host waits for
  // neither. Otherwise, as a host backend does, through host memory (source.read_rows, then
  // write_rows).
  virtual Status copy_rows_from(Backend& source, int first, int count, int into);
  // The state in GPU memory (DeviceState); nullopt where it is in host memory.
  virtual std::optional<DeviceState> device_state() const { return std::nullopt; }

  // Page-locks `bytes` of host memory from `data` that rows are copied to and from often (a
  // rank's halo rows), while the guard lives, which must end before the memory is freed: on a
  // GPU those copies then go by DMA straight from and into it, without the driver's staging.
  // Null where nothing is gained (the CPU twin) or the memory could not be pinned (the copies
  // work all the same).
  virtual std::unique_ptr<PinnedHostMemory> pin_host_memory(void* data, std::size_t bytes) {
    (void)data;
    (void)bytes;
    return nullptr;
  }

  // Steps, then writes the display field; a GPU backend fuses the write into the last step.
  // last_timings() then covers both.
  virtual Status step_and_display(int count, DisplayField field, const DisplayTarget& target) = 0;

  // Frames of `field` into host memory behind the work (gs/frame_readback.h): a GPU's overlap
  // the steps; elsewhere each frame is copied when queued. Lives no longer than the backend.
  virtual Expected<std::unique_ptr<FrameReadback>> open_frame_readback(DisplayField field);

  virtual GridSize size() const = 0;
  virtual const Params& params() const = 0;
  // The times of the newest call whose work has finished. A GPU backend does not wait for its
  // kernels, so after a step call this is usually the call before; never waits.
  virtual Timings last_timings() const = 0;
  // Waits until the work of every call so far is done; then the last call's times.
  virtual Expected<Timings> finish() { return last_timings(); }
  virtual DeviceStream device_stream() const { return {}; }

  // False when u or v holds a NaN or an infinity: the simulation diverged. A reduction on the
  // backend's side; nothing but the answer crosses to the host.
  virtual Expected<bool> fields_are_finite() = 0;

  // Paints v in a disc (or erases it to u = 1, v = 0), in place: no field crosses memories.
  virtual Status paint(const Brush& brush) = 0;

  // The smallest and largest finite value of a field (for an automatic colormap range); a
  // reduction on the backend's side. {0, 0} when no cell is finite.
  virtual Expected<ValueRange> field_range(DisplayField field) = 0;
  // The same without waiting, for a range that follows the frames (as last_timings() does):
  // queues a reduction of the current state and gives the newest one of `field` that has
  // finished, nullopt while none has. A GPU's answer is usually an earlier call's; a backend
  // that computes on the calling thread (the CPU twin) answers with the range now.
  virtual Expected<std::optional<ValueRange>> recent_field_range(DisplayField field);

  // The bandwidth ceiling of the backend's memory: a large copy within it, timed, in GB/s
  // counting bytes read plus bytes written.
  virtual Expected<double> measure_copy_bandwidth(std::size_t bytes) = 0;

  // The CUDA launch shape and step kernel (the teaching controls); the CPU twin refuses.
  virtual Status set_launch(BlockShape block, KernelVariant variant) = 0;

  // The CPU twin's loop as it runs now; nullopt on a backend without one.
  virtual std::optional<CpuLoop> cpu_loop() const { return std::nullopt; }

  // The GPU's own measurements (capabilities().gpu_measurements), best of `repeats`: the
  // display field written on the device against copied to the host, on the current grid; and
  // a step graph's build against its replay and plain launches. Other backends refuse.
  virtual Expected<DisplayPathTimes> measure_display_paths(int repeats);
  virtual Expected<GraphCosts> measure_graph_costs(int repeats);
};

// Whether rows [first, first + count) lie within `grid`, with `rows` (when given) as wide as it.
Status check_rows(GridSize grid, int first, int count, const Fields* rows = nullptr);

}  // namespace gs
