#include "mpi_world.h"

#include <mpi.h>

#include <cctype>
#include <climits>
#include <cstdlib>
#include <string>

namespace gs::distributed {
namespace {

// The job's rank count as its launcher tells it (Open MPI's mpirun, PMI or PMIx, Slurm).
int launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE", "SLURM_NTASKS"})
    if (const char* value = std::getenv(name)) return std::atoi(value);
  return 1;
}

// MPI returns its errors (MPI_ERRORS_RETURN below): each becomes an Error naming the call.
Status check(int code, const char* call) {
  if (code == MPI_SUCCESS) return Status::ok();
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  return Error{std::string(call) + " failed: " + std::string(text, std::size_t(length))};
}

// "rank 2: ...": a message some agreement already named the rank of.
bool names_a_rank(const std::string& message) {
  const std::string prefix = "rank ";
  if (message.compare(0, prefix.size(), prefix) != 0) return false;
  std::size_t at = prefix.size();
  while (at < message.size() && std::isdigit(static_cast<unsigned char>(message[at]))) ++at;
  return at > prefix.size() && message.compare(at, 2, ": ") == 0;
}

}  // namespace

struct MpiWorld::Handles {
  MPI_Comm comm = MPI_COMM_WORLD;
  std::vector<MPI_Request> requests;  // of a started exchange
};

MpiWorld::MpiWorld() : handles_(std::make_unique<Handles>()) {}

Status MpiWorld::fits_counts(GridSize size) {
  if (2 * long(size.cells()) <= INT_MAX) return Status::ok();
  return Error{"a grid of " + to_string(size) +
               " is past what this program passes through MPI in one message (2^31 floats)"};
}

std::unique_ptr<MpiWorld> MpiWorld::join(int& argc, char**& argv) {
  if (launched_ranks() <= 1) return nullptr;
  // Several threads may call MPI at once where the library allows it (a frame writer's
  // collective writes beside the steps' exchanges); `provided` says whether it does.
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  std::unique_ptr<MpiWorld> world(new MpiWorld);
  world->threads_multiple_ = provided >= MPI_THREAD_MULTIPLE;
  MPI_Comm_rank(MPI_COMM_WORLD, &world->rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &world->size_);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world->rank_, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &world->local_rank_);
  MPI_Comm_size(node, &world->local_size_);
  MPI_Comm_free(&node);
  return world;
}

Expected<std::unique_ptr<MpiWorld>> MpiWorld::duplicate() {
  std::unique_ptr<MpiWorld> copy(new MpiWorld);
  copy->duplicate_ = true;  // before the call: a failed copy must not end MPI as it dies
  copy->handles_->comm = MPI_COMM_NULL;
  GS_TRY(check(MPI_Comm_dup(handles_->comm, &copy->handles_->comm), "MPI_Comm_dup"));
  copy->rank_ = rank_;
  copy->size_ = size_;
  copy->local_rank_ = local_rank_;
  copy->local_size_ = local_size_;
  copy->threads_multiple_ = threads_multiple_;
  return copy;
}

MpiWorld::~MpiWorld() {
  if (duplicate_) {
    if (handles_->comm != MPI_COMM_NULL) MPI_Comm_free(&handles_->comm);
  } else {
    MPI_Finalize();
  }
}

void MpiWorld::abort(int code) {
  MPI_Abort(handles_->comm, code);
  std::_Exit(code);  // MPI_Abort does not return; if it did, still end this rank
}

Status MpiWorld::agree(const Status& local) {
  const int failing = local ? size_ : rank_;
  int lowest = size_;
  GS_TRY(check(MPI_Allreduce(&failing, &lowest, 1, MPI_INT, MPI_MIN, handles_->comm),
               "MPI_Allreduce"));
  if (lowest == size_) return Status::ok();
  std::string message = rank_ == lowest ? local.message() : std::string();
  int length = int(message.size());
  GS_TRY(check(MPI_Bcast(&length, 1, MPI_INT, lowest, handles_->comm), "MPI_Bcast"));
  message.resize(std::size_t(length));
  GS_TRY(check(MPI_Bcast(message.data(), length, MPI_CHAR, lowest, handles_->comm), "MPI_Bcast"));
  if (names_a_rank(message)) return Error{message};  // agreed before, by another world
  return Error{"rank " + std::to_string(lowest) + ": " + message};
}

Status MpiWorld::share(const Status& local) {
  std::string message = rank_ == 0 && !local ? local.message() : std::string();
  int failed = rank_ == 0 && !local ? 1 : 0;
  GS_TRY(check(MPI_Bcast(&failed, 1, MPI_INT, 0, handles_->comm), "MPI_Bcast"));
  if (!failed) return Status::ok();
  GS_TRY(broadcast(message));
  return Error{message};
}

bool MpiWorld::all(bool local) {
  int mine = local ? 1 : 0, every = 0;
  if (MPI_Allreduce(&mine, &every, 1, MPI_INT, MPI_MIN, handles_->comm) != MPI_SUCCESS)
    return false;
  return every == 1;
}

double MpiWorld::max(double local) {
  double largest = local;
  MPI_Allreduce(&local, &largest, 1, MPI_DOUBLE, MPI_MAX, handles_->comm);
  return largest;
}

Status MpiWorld::broadcast(std::string& text) {
  int length = int(text.size());
  GS_TRY(check(MPI_Bcast(&length, 1, MPI_INT, 0, handles_->comm), "MPI_Bcast"));
  text.resize(std::size_t(length));
  return check(MPI_Bcast(text.data(), length, MPI_CHAR, 0, handles_->comm), "MPI_Bcast");
}

Status MpiWorld::exchange(RankExchange& exchange) {
  GS_TRY(start_exchange(exchange));
  return finish_exchange();
}

// u and v of a message travel apart, under tags of their own.
Status MpiWorld::start_exchange(RankExchange& exchange) {
  std::vector<MPI_Request>& requests = handles_->requests;
  requests.assign(2 * (exchange.receives.size() + exchange.sends.size()), MPI_REQUEST_NULL);
  MPI_Request* request = requests.data();
  const auto post = [&](Fields& rows, int tag, int peer, bool receive) -> Status {
    const int count = int(rows.size.cells());
    for (float* field : {rows.u.data(), rows.v.data()}) {
      const int code =
          receive ? MPI_Irecv(field, count, MPI_FLOAT, peer, tag, handles_->comm, request++)
                  : MPI_Isend(field, count, MPI_FLOAT, peer, tag, handles_->comm, request++);
      GS_TRY(check(code, receive ? "MPI_Irecv" : "MPI_Isend"));
      ++tag;
    }
    return Status::ok();
  };
  for (std::size_t i = 0; i < exchange.receives.size(); ++i)
    GS_TRY(
        post(exchange.incoming[i], 2 * exchange.receives[i].tag, exchange.receives[i].from, true));
  for (std::size_t i = 0; i < exchange.sends.size(); ++i)
    GS_TRY(post(exchange.outgoing[i], 2 * exchange.sends[i].tag, exchange.sends[i].to, false));
  return Status::ok();
}

Expected<bool> MpiWorld::exchange_done() {
  std::vector<MPI_Request>& requests = handles_->requests;
  int done = 0;
  GS_TRY(check(MPI_Testall(int(requests.size()), requests.data(), &done, MPI_STATUSES_IGNORE),
               "MPI_Testall"));
  return done != 0;
}

Status MpiWorld::finish_exchange() {
  std::vector<MPI_Request>& requests = handles_->requests;
  return check(MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE),
               "MPI_Waitall");
}

namespace {

template <class T>
Status gather_blocks_of(MPI_Comm comm, int rank, MPI_Datatype type, const std::vector<T>& mine,
                        const std::vector<int>& counts, std::vector<T>& all) {
  std::vector<int> offsets(counts.size(), 0);
  long total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = int(total);
    total += counts[r];
  }
  if (total > INT_MAX)
    return Error{"the gathered blocks pass what MPI takes in one message (2^31 values)"};
  if (rank == 0) all.resize(std::size_t(total));
  return check(MPI_Gatherv(mine.data(), int(mine.size()), type, rank == 0 ? all.data() : nullptr,
                           counts.data(), offsets.data(), type, 0, comm),
               "MPI_Gatherv");
}

}  // namespace

Status MpiWorld::gather_blocks(const std::vector<float>& mine, const std::vector<int>& counts,
                               std::vector<float>& all) {
  return gather_blocks_of(handles_->comm, rank_, MPI_FLOAT, mine, counts, all);
}

Status MpiWorld::gather_blocks(const std::vector<double>& mine, const std::vector<int>& counts,
                               std::vector<double>& all) {
  return gather_blocks_of(handles_->comm, rank_, MPI_DOUBLE, mine, counts, all);
}

}  // namespace gs::distributed
