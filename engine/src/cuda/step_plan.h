// How the steps of one call split between replays of the fixed-length step graphs and plain
// launches (cuda/step_graphs.cpp). Plain C++, so the tests check it on machines without a GPU.
#pragma once

namespace gs::cuda {

// Whole graphs without the display write, then either one graph that writes it or a remainder
// of plain launches, the last of which writes it (when the call displays).
struct StepPlan {
  int plain_graphs = 0;
  bool display_graph = false;
  int remainder = 0;
};

inline StepPlan plan_steps(int count, bool displays, int graph_steps) {
  StepPlan plan;
  plan.plain_graphs = count / graph_steps;
  plan.remainder = count % graph_steps;
  if (displays && plan.remainder == 0 && plan.plain_graphs > 0) {
    --plan.plain_graphs;
    plan.display_graph = true;
  }
  return plan;
}

}  // namespace gs::cuda
