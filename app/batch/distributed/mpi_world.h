// The MPI world of a run started by mpirun or srun: this process's rank among them, and the few
// collective operations a run over several ranks needs (halo exchange, agreeing on an error,
// sharing a file name; the ranks write their files themselves, rank_files.h). Exists only in
// builds with MPI (GS_MPI).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gs/fields.h"
#include "gs/status.h"
#include "halo_messages.h"
#include "row_bands.h"

namespace gs::distributed {

class MpiWorld {
 public:
  // Starts MPI when the launcher says the job has more than one rank (its environment); null
  // otherwise, so a plain start stays a plain process.
  static std::unique_ptr<MpiWorld> join(int& argc, char**& argv);
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  // Whether a grid's fields fit MPI's int counts (asked before a run).
  static Status fits_counts(GridSize size);

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ranks on this node, and this one's place among them (to share cores or pick a GPU).
  int local_rank() const { return local_rank_; }
  int local_size() const { return local_size_; }

  // Whether threads of a rank may call MPI at once (MPI_THREAD_MULTIPLE was provided).
  bool threads_multiple() const { return threads_multiple_; }
  // The same ranks over a communicator of their own, for another thread's collective calls
  // (a frame writer's agreement) beside this world's; all ranks call it together.
  Expected<std::unique_ptr<MpiWorld>> duplicate();

  // Ends every rank of the job with `code`, for a failure the others cannot learn of.
  [[noreturn]] void abort(int code);
  // Every rank passes its own status; all return the same: ok, or the lowest failing rank's
  // error, named "rank R: ..." (unless it names a rank already: agreed in another world). Also
  // the one point where a rank learns another has failed, so no rank waits forever for one
  // that stopped.
  Status agree(const Status& local);
  // Rank 0's status on every rank, its message as rank 0 has it (no rank named): for what rank 0
  // alone checked for all (a file's structure, its disk's room); the other ranks' `local` is
  // ignored.
  Status share(const Status& local);
  // Whether every rank's value is true.
  bool all(bool local);
  // The largest of every rank's value.
  double max(double local);
  // Rank 0's `text` on every rank (a file name the ranks share).
  Status broadcast(std::string& text);
  // One exchange: this rank's outgoing rows to their ranks, its incoming rows from theirs,
  // nonblocking, all at once.
  Status exchange(RankExchange& exchange);
  // The same in two halves, so that work goes on while the rows travel: start posts every
  // receive and send; exchange_done() lets MPI move them on and says whether all are through;
  // finish_exchange() waits for the rest. `exchange` stays untouched until then.
  Status start_exchange(RankExchange& exchange);
  Expected<bool> exchange_done();
  Status finish_exchange();
  // Rank 0 receives every rank's `mine` (counts[r] values from rank r) one after another into
  // `all`, sized there; the others send theirs (a sweep's blocks of runs).
  Status gather_blocks(const std::vector<float>& mine, const std::vector<int>& counts,
                       std::vector<float>& all);
  Status gather_blocks(const std::vector<double>& mine, const std::vector<int>& counts,
                       std::vector<double>& all);

 private:
  MpiWorld();
  struct Handles;  // the communicator, and the requests of a started exchange
  std::unique_ptr<Handles> handles_;
  bool duplicate_ = false;
  bool threads_multiple_ = false;
  int rank_ = 0;
  int size_ = 1;
  int local_rank_ = 0;
  int local_size_ = 1;
};

}  // namespace gs::distributed
