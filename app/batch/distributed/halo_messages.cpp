#include "halo_messages.h"

namespace gs::distributed {
namespace {

constexpr int kTagUpward = 1;    // a band's top rows, to the halo below the rank above it
constexpr int kTagDownward = 2;  // a band's bottom rows, to the halo above the rank below it

}  // namespace

std::vector<HaloMessage> halo_messages(const std::vector<RankBand>& bands, Boundary boundary) {
  const int ranks = int(bands.size());
  std::vector<HaloMessage> messages;
  for (int rank = 0; rank < ranks; ++rank) {
    const RankBand& band = bands[std::size_t(rank)];
    const int above = rank_above(rank, ranks, boundary);
    if (above >= 0) {
      const RankBand& to = bands[std::size_t(above)];
      messages.push_back(
          {rank, above, band.halo_above, to.halo_below, to.halo_above + to.own_rows(), kTagUpward});
    }
    const int below = rank_below(rank, ranks, boundary);
    if (below >= 0) {
      const RankBand& to = bands[std::size_t(below)];
      messages.push_back({rank, below, band.halo_above + band.own_rows() - to.halo_above,
                          to.halo_above, 0, kTagDownward});
    }
  }
  return messages;
}

RankExchange rank_exchange(const std::vector<HaloMessage>& messages, int rank, int width) {
  RankExchange exchange;
  for (const HaloMessage& m : messages) {
    if (m.from == rank) {
      exchange.sends.push_back(m);
      exchange.outgoing.emplace_back(GridSize{width, m.count});
    }
    if (m.to == rank) {
      exchange.receives.push_back(m);
      exchange.incoming.emplace_back(GridSize{width, m.count});
    }
  }
  return exchange;
}

void exchange_in_process(const std::vector<HaloMessage>& messages, std::vector<Fields>& blocks) {
  for (const HaloMessage& m : messages)
    copy_rows(blocks[std::size_t(m.from)], m.first, m.count, blocks[std::size_t(m.to)], m.into);
}

}  // namespace gs::distributed
