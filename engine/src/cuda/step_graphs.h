// The steps of a call as CUDA graphs of a fixed, even length, replayed as often as the count
// needs, plus a short remainder of plain launches; the last step of a call writes the display
// field. Graphs are built once per grid, buffers (style map included), launch shape and Laplacian
// (four at most: with and without the display write, from either buffer pair) and kept while the
// step count, the other parameters and the display pointer change: those are patched into the
// instantiated graphs' kernel nodes, which is far cheaper than a capture. One thread, one stream.
#pragma once

#include <cuda_runtime.h>

#include <array>
#include <cstdint>
#include <vector>

#include "gs/launch_shape.h"
#include "gs/params.h"
#include "gs/status.h"
#include "kernels/step_kernel_body.h"
#include "step_plan.h"

namespace gs::cuda {

// What the steps run on: the grid, its two buffer pairs (and style map, in style-map mode), the
// launch and the parameters.
struct StepSetup {
  GridSize size;
  float* u[2] = {nullptr, nullptr};
  float* v[2] = {nullptr, nullptr};
  const std::uint8_t* style = nullptr;
  BlockShape block;
  KernelVariant variant = KernelVariant::Coalesced;
  Params params;
};

// Where the last step of a call writes the display field; data null for none.
struct DisplayWrite {
  float* data = nullptr;
  bool v = true;
};

class StepGraphs {
 public:
  static constexpr int kGraphSteps = 16;  // even, so a graph ends on the pair it started from

  StepGraphs() = default;
  ~StepGraphs();
  StepGraphs(const StepGraphs&) = delete;
  StepGraphs& operator=(const StepGraphs&) = delete;

  // Drops every graph (new buffers, or to measure a build).
  void clear();
  // Builds or patches the graphs that `count` (> 0) steps from buffer pair `source` replay, and
  // enqueues nothing, so a timer started after it times only GPU work.
  Status prepare(const StepSetup& setup, int count, int source, DisplayWrite display);
  // Enqueues those steps on `stream`; prepare() has been called with the same arguments.
  Status enqueue(const StepSetup& setup, int count, int source, DisplayWrite display,
                 cudaStream_t stream);
  // Graphs built (instantiated) so far: for tests and the benchmark.
  long long builds() const { return builds_; }

 private:
  struct Graph {
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
    std::vector<cudaGraphNode_t> nodes;
    Params params;           // as baked into the nodes
    DisplayWrite display{};  // as baked into the last node (display graphs only)
  };
  static void destroy(Graph& graph);
  Status build(Graph& graph, const StepSetup& setup, int source, bool writes_display,
               DisplayWrite display);
  Status patch(Graph& graph, const StepSetup& setup, int source, bool writes_display,
               DisplayWrite display);
  Graph& graph_for(int source, bool writes_display);
  bool same_structure(const StepSetup& setup) const;

  std::array<Graph, 4> graphs_{};  // [source pair * 2 + writes display]
  StepSetup structure_;            // what the graphs were built for (params: the Laplacian)
  bool has_structure_ = false;
  long long builds_ = 0;
};

}  // namespace gs::cuda
