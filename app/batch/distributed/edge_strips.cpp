#include "edge_strips.h"

#include <algorithm>

namespace gs::distributed {

EdgeStrips edge_strips(const std::vector<HaloMessage>& sends, int width, int block_rows, int halo,
                       const StyleData& block_style) {
  EdgeStrips plan;
  int stacked = 0;
  for (const HaloMessage& send : sends) {
    EdgeStrip strip;
    strip.first = std::max(0, send.first - halo);
    strip.count = std::min(block_rows, send.first + send.count + halo) - strip.first;
    strip.stack_first = stacked;
    strip.send_first = stacked + send.first - strip.first;
    strip.send_count = send.count;
    stacked += strip.count;
    plan.strips.push_back(strip);
    if (!block_style.empty())
      plan.stack_style.insert(plan.stack_style.end(),
                              block_style.begin() + long(strip.first) * width,
                              block_style.begin() + long(strip.first + strip.count) * width);
  }
  plan.stack = {width, stacked};
  return plan;
}

Status queue_sends_ahead(Backend& block, Backend& ahead, const EdgeStrips& strips, int count) {
  if (strips.strips.empty()) return Status::ok();
  // The strips tile the stack, so every row of it is written below: the first chunk sizes it.
  if (ahead.size() != strips.stack) {
    Fields stack(strips.stack);
    stack.style = strips.stack_style;
    GS_TRY(ahead.copy_in(stack));
  }
  for (const EdgeStrip& strip : strips.strips)
    GS_TRY(ahead.copy_rows_from(block, strip.first, strip.count, strip.stack_first));
  return ahead.step(count);
}

Status read_sends_ahead(Backend& ahead, const EdgeStrips& strips, RankExchange& exchange) {
  for (std::size_t i = 0; i < strips.strips.size(); ++i)
    GS_TRY(ahead.read_rows(strips.strips[i].send_first, strips.strips[i].send_count,
                           exchange.outgoing[i]));
  return Status::ok();
}

Status step_sends_ahead(Backend& block, Backend& ahead, const EdgeStrips& strips, int count,
                        RankExchange& exchange) {
  GS_TRY(queue_sends_ahead(block, ahead, strips, count));
  return read_sends_ahead(ahead, strips, exchange);
}

}  // namespace gs::distributed
