#include "step_graphs.h"

#include "cuda_check.h"
#include "step_kernels.h"

namespace gs::cuda {
namespace {

StepKernelArgs args_for(const StepSetup& s, int source, float* display, bool display_v) {
  return {s.u[source], s.v[source], s.u[1 - source], s.v[1 - source], s.style,
          display,     display_v,   s.size.width,    s.size.height,   s.params};
}

// A kernel node's launch; `slot` keeps the pointer to `args` alive for the call that uses it
// (CUDA copies the arguments then).
cudaKernelNodeParams node_params(const StepSetup& s, StepKernelArgs& args, void* (&slot)[1]) {
  const LaunchShape shape = launch_shape_for(s.size, s.block, s.variant);
  cudaKernelNodeParams params{};
  params.func = const_cast<void*>(step_kernel_function(s.params.laplacian, s.variant));
  params.gridDim = dim3(shape.grid.x, shape.grid.y, shape.grid.z);
  params.blockDim = dim3(shape.block.x, shape.block.y, shape.block.z);
  params.sharedMemBytes = 0;
  slot[0] = &args;
  params.kernelParams = slot;
  return params;
}

}  // namespace

StepGraphs::~StepGraphs() {
  clear();
}

void StepGraphs::destroy(Graph& graph) {
  // Nothing to tell from here: a broken context shows at the owner's next checked call.
  if (graph.exec) [[maybe_unused]]
    const cudaError_t a = cudaGraphExecDestroy(graph.exec);
  if (graph.graph) [[maybe_unused]]
    const cudaError_t b = cudaGraphDestroy(graph.graph);
  graph = Graph{};
}

void StepGraphs::clear() {
  for (Graph& graph : graphs_) destroy(graph);
  has_structure_ = false;
}

bool StepGraphs::same_structure(const StepSetup& s) const {
  const StepSetup& built = structure_;
  return has_structure_ && s.size == built.size && s.u[0] == built.u[0] && s.u[1] == built.u[1] &&
         s.v[0] == built.v[0] && s.v[1] == built.v[1] && s.style == built.style &&
         s.block.x == built.block.x && s.block.y == built.block.y && s.variant == built.variant &&
         s.params.laplacian == built.params.laplacian;
}

Status StepGraphs::build(Graph& graph, const StepSetup& setup, int source, bool writes_display,
                         DisplayWrite display) {
  destroy(graph);
  // A failure half-way destroys what was made: no graph leaks.
  struct Undo {
    Graph& graph;
    bool keep = false;
    ~Undo() {
      if (!keep) destroy(graph);
    }
  } undo{graph};
  GS_CUDA_TRY(cudaGraphCreate(&graph.graph, 0));
  graph.nodes.resize(kGraphSteps);
  for (int step = 0; step < kGraphSteps; ++step) {
    const bool last = step == kGraphSteps - 1;
    StepKernelArgs args = args_for(setup, (source + step) & 1,
                                   last && writes_display ? display.data : nullptr, display.v);
    void* slot[1];
    const cudaKernelNodeParams params = node_params(setup, args, slot);
    const cudaGraphNode_t* before = step > 0 ? &graph.nodes[std::size_t(step) - 1] : nullptr;
    GS_CUDA_TRY(cudaGraphAddKernelNode(&graph.nodes[std::size_t(step)], graph.graph, before,
                                       step > 0 ? 1 : 0, &params));
  }
  // WithFlags: the one form CUDA 11.4 to 13 all take (12.0 changed cudaGraphInstantiate's).
  GS_CUDA_TRY(cudaGraphInstantiateWithFlags(&graph.exec, graph.graph, 0));
  graph.params = setup.params;
  graph.display = writes_display ? display : DisplayWrite{};
  ++builds_;
  undo.keep = true;
  return Status::ok();
}

Status StepGraphs::patch(Graph& graph, const StepSetup& setup, int source, bool writes_display,
                         DisplayWrite display) {
  const bool params_changed = !(graph.params == setup.params);
  const bool display_changed =
      writes_display && (graph.display.data != display.data || graph.display.v != display.v);
  if (!params_changed && !display_changed) return Status::ok();
  // New parameters reach every node; a new display target only the last.
  for (int step = params_changed ? 0 : kGraphSteps - 1; step < kGraphSteps; ++step) {
    const bool last = step == kGraphSteps - 1;
    StepKernelArgs args = args_for(setup, (source + step) & 1,
                                   last && writes_display ? display.data : nullptr, display.v);
    void* slot[1];
    const cudaKernelNodeParams params = node_params(setup, args, slot);
    GS_CUDA_TRY(
        cudaGraphExecKernelNodeSetParams(graph.exec, graph.nodes[std::size_t(step)], &params));
  }
  graph.params = setup.params;
  if (writes_display) graph.display = display;
  return Status::ok();
}

StepGraphs::Graph& StepGraphs::graph_for(int source, bool writes_display) {
  return graphs_[std::size_t(source * 2 + (writes_display ? 1 : 0))];
}

Status StepGraphs::prepare(const StepSetup& setup, int count, int source, DisplayWrite display) {
  if (count <= 0) return Error{"internal error: a graph replay needs at least one step"};
  GS_TRY(check_launch_fits(launch_shape_for(setup.size, setup.block, setup.variant), setup.size));
  if (!same_structure(setup)) {
    clear();
    structure_ = setup;
    has_structure_ = true;
  }
  const StepPlan p = plan_steps(count, display.data != nullptr, kGraphSteps);
  for (const bool writes_display : {false, true}) {
    if (writes_display ? !p.display_graph : p.plain_graphs == 0) continue;
    Graph& graph = graph_for(source, writes_display);
    if (graph.exec)
      GS_TRY(patch(graph, setup, source, writes_display, display));
    else
      GS_TRY(build(graph, setup, source, writes_display, display));
  }
  return Status::ok();
}

Status StepGraphs::enqueue(const StepSetup& setup, int count, int source, DisplayWrite display,
                           cudaStream_t stream) {
  const StepPlan p = plan_steps(count, display.data != nullptr, kGraphSteps);
  // Graphs have an even length: each ends on the buffer pair it started from.
  for (int g = 0; g < p.plain_graphs; ++g)
    GS_CUDA_TRY(cudaGraphLaunch(graph_for(source, false).exec, stream));
  if (p.display_graph) GS_CUDA_TRY(cudaGraphLaunch(graph_for(source, true).exec, stream));
  for (int step = 0; step < p.remainder; ++step, source ^= 1) {
    const bool last = step == p.remainder - 1;
    GS_CUDA_TRY(launch_step(setup.size, setup.block, setup.variant,
                            args_for(setup, source, last ? display.data : nullptr, display.v),
                            stream));
  }
  return Status::ok();
}

}  // namespace gs::cuda
