// The rows a rank sends, stepped ahead of its block, so the exchange travels while the block
// steps (the exchange overlaps the interior's compute). Each send's rows are cut from the block
// with `halo` rows of margin on both sides (clipped at the block's ends, which are then the
// grid's Neumann edges), the strips stacked into one small grid and stepped on a backend of
// their own. A strip's cut ends and the seams of the stack are wrong as a block's edges are, and
// the wrong values travel one row a step: after at most `halo` steps the sent rows are exact, to
// the bit, as the block's own would be.
#pragma once

#include <vector>

#include "gs/backend.h"
#include "gs/fields.h"
#include "halo_messages.h"

namespace gs::distributed {

struct EdgeStrip {
  int first = 0;        // first block row of the strip
  int count = 0;        // rows of the strip
  int stack_first = 0;  // its first row in the stack
  int send_first = 0;   // the first row of its send, in the stack
  int send_count = 0;   // rows sent
};

struct EdgeStrips {
  std::vector<EdgeStrip> strips;  // one per send, in the order of RankExchange::sends
  GridSize stack;                 // the stacked grid
  StyleData stack_style;          // the strips' rows of the block's style map (empty: none)
};

// The strips of a rank's sends from a block of `block_rows` rows of `width` cells, with their
// rows of the block's style map where it has one: a strip's cells step with their own mix of
// the two parameter sets, as the block's do (the map never changes, so it is cut once).
EdgeStrips edge_strips(const std::vector<HaloMessage>& sends, int width, int block_rows, int halo,
                       const StyleData& block_style = {});

// Queues the sends' strips `count` (at most halo) steps ahead of `block`, whose state stays as
// it is, on `ahead` (a backend of the same kind): the strips copied from the block into
// `ahead`'s stacked grid (Backend::copy_rows_from: on one GPU the rows never leave it, and the
// block's next steps wait for the copies, not the host), then stepped. A GPU's work is only
// queued; the host waits in read_sends_ahead.
Status queue_sends_ahead(Backend& block, Backend& ahead, const EdgeStrips& strips, int count);
// The sends' rows out of `ahead`'s stepped stack into `exchange.outgoing`: only these rows
// cross to the host (into page-locked memory where the caller pinned it).
Status read_sends_ahead(Backend& ahead, const EdgeStrips& strips, RankExchange& exchange);
// Both, one after the other.
Status step_sends_ahead(Backend& block, Backend& ahead, const EdgeStrips& strips, int count,
                        RankExchange& exchange);

}  // namespace gs::distributed
