#include "ranks_in_process.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "edge_strips.h"
#include "halo_messages.h"
#include "row_bands.h"

namespace gs::test {

using distributed::cut_block;
using distributed::edge_strips;
using distributed::EdgeStrips;
using distributed::HaloMessage;
using distributed::RankBand;
using distributed::RankExchange;

Fields run_with_sends_ahead(const Fields& whole, const Params& params, int ranks, int halo,
                            int steps, int chunk_steps, const MakeBackend& make_backend) {
  Expected<std::vector<RankBand>> bands =
      distributed::split_rows(whole.size.height, ranks, halo, params.boundary);
  EXPECT_TRUE(bands) << bands.message();
  if (!bands) return {};
  const std::vector<HaloMessage> messages = distributed::halo_messages(*bands, params.boundary);
  std::vector<std::unique_ptr<Backend>> blocks, ahead;
  std::vector<RankExchange> exchanges;
  std::vector<EdgeStrips> strips;
  for (int rank = 0; rank < ranks; ++rank) {
    const RankBand& band = (*bands)[std::size_t(rank)];
    blocks.push_back(make_backend());
    EXPECT_TRUE(blocks.back()->set_params(params));
    const Fields block = cut_block(whole, band);
    EXPECT_TRUE(blocks.back()->copy_in(block));
    ahead.push_back(make_backend());
    EXPECT_TRUE(ahead.back()->set_params(params));
    exchanges.push_back(distributed::rank_exchange(messages, rank, whole.size.width));
    strips.push_back(edge_strips(exchanges.back().sends, whole.size.width, band.block_height(),
                                 halo, block.style));
  }
  // The rows that cross, page-locked for a GPU's copies as a rank's are (nothing on the twin).
  std::vector<std::unique_ptr<PinnedHostMemory>> pinned;
  for (std::size_t rank = 0; rank < exchanges.size(); ++rank)
    for (auto* rows : {&exchanges[rank].outgoing, &exchanges[rank].incoming})
      for (Fields& fields : *rows)
        for (FieldData* field : {&fields.u, &fields.v})
          pinned.push_back(
              blocks[rank]->pin_host_memory(field->data(), field->size() * sizeof(float)));
  for (int done = 0; done < steps;) {
    const int chunk = std::min(chunk_steps, steps - done);
    // In a rank's order (RankStepper::chunk on a GPU): the strips' copies queued, the block's
    // steps queued behind them, then the sends read. On one GPU nothing but event order keeps
    // the block's steps from overwriting rows the copies have not read yet.
    for (std::size_t rank = 0; rank < blocks.size(); ++rank) {
      EXPECT_TRUE(distributed::queue_sends_ahead(*blocks[rank], *ahead[rank], strips[rank], chunk));
      EXPECT_TRUE(blocks[rank]->step(chunk));
      EXPECT_TRUE(distributed::read_sends_ahead(*ahead[rank], strips[rank], exchanges[rank]));
    }
    for (RankExchange& from : exchanges)  // every send into its receiver's halo
      for (std::size_t i = 0; i < from.sends.size(); ++i)
        EXPECT_TRUE(blocks[std::size_t(from.sends[i].to)]->write_rows(from.sends[i].into,
                                                                      from.outgoing[i]));
    done += chunk;
  }
  Fields result = whole;
  for (std::size_t rank = 0; rank < blocks.size(); ++rank) {
    Fields block;
    EXPECT_TRUE(blocks[rank]->copy_out(block));
    distributed::paste_own_rows(block, (*bands)[rank], result);
  }
  return result;
}

}  // namespace gs::test
