#include "edge_strips.h"

#include <algorithm>

#include "row_bands.h"

namespace gs::distributed {

EdgeStrips edge_strips(const std::vector<HaloMessage>& sends, int width, int block_rows, int halo) {
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
  }
  plan.stack = {width, stacked};
  return plan;
}

Status step_sends_ahead(Backend& block, Backend& ahead, const EdgeStrips& strips, int count,
                        RankExchange& exchange, Fields& stack, Fields& cut) {
  if (strips.strips.empty()) return Status::ok();
  if (stack.size != strips.stack) stack = Fields(strips.stack);
  for (const EdgeStrip& strip : strips.strips) {
    GS_TRY(block.read_rows(strip.first, strip.count, cut));
    copy_rows(cut, 0, strip.count, stack, strip.stack_first);
  }
  GS_TRY(ahead.copy_in(stack));
  GS_TRY(ahead.step(count));
  for (std::size_t i = 0; i < strips.strips.size(); ++i)
    GS_TRY(ahead.read_rows(strips.strips[i].send_first, strips.strips[i].send_count,
                           exchange.outgoing[i]));
  return Status::ok();
}

}  // namespace gs::distributed
