// Every rank of a run must run the same job: an MPMD launch (`mpirun -np 1 prog A : -np 2 prog
// B`) or a wrapper that gives one rank other options would otherwise step another grid, other
// parameters or another count, and the ranks' messages and files would not fit together (a
// receive larger than its buffer, a hang, attributes from neither). Rank 0's command line and
// working folder are sent to every rank, which compares them with its own before any option is
// parsed. Plain C++; the sending is the caller's (MpiWorld::broadcast).
#pragma once

#include <string>
#include <vector>

#include "gs/status.h"

namespace gs::distributed {

// What a rank runs: its working folder (relative paths name files there) and its arguments
// after the program's name.
struct RankCommand {
  std::string folder;
  std::vector<std::string> args;
};

// One string that pack/unpack carry between ranks unchanged (arguments may hold any byte but 0,
// which no argument can hold).
std::string pack(const RankCommand& command);
RankCommand unpack(const std::string& packed);

// Ok where `mine` is `root`'s; else the first difference, in words a person can act on:
// "its --width is 2048 where rank 0's is 1024".
Status compare_with_root(const RankCommand& mine, const RankCommand& root);

}  // namespace gs::distributed
