// Which rows each rank sends to refresh its neighbours' halos after a chunk of steps, and where
// they land: one plan read by every transport (MPI's nonblocking sends, or blocks in one
// process).
#pragma once

#include <vector>

#include "gs/fields.h"
#include "row_bands.h"

namespace gs::distributed {

struct HaloMessage {
  int from = 0;   // sending rank
  int to = 0;     // receiving rank
  int first = 0;  // first row in the sender's block: its own rows nearest the receiver
  int count = 0;  // rows
  int into = 0;   // first row in the receiver's block: its halo on the sender's side
  int tag = 0;    // tells apart two messages between the same pair (two ranks on a periodic grid)
};

// Every message of one exchange, over all ranks, in a fixed order.
std::vector<HaloMessage> halo_messages(const std::vector<RankBand>& bands, Boundary boundary);

// One rank's side of every exchange of a run: the messages it sends and receives, each with its
// rows (width x count), allocated once.
struct RankExchange {
  std::vector<HaloMessage> sends;
  std::vector<Fields> outgoing;  // one per send
  std::vector<HaloMessage> receives;
  std::vector<Fields> incoming;  // one per receive
};
RankExchange rank_exchange(const std::vector<HaloMessage>& messages, int rank, int width);

// One exchange among blocks held in one process (tests; one rank per block).
void exchange_in_process(const std::vector<HaloMessage>& messages, std::vector<Fields>& blocks);

}  // namespace gs::distributed
