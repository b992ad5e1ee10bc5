#include "rank_settings.h"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace gs::batch {

int cores_for_rank(const distributed::MpiWorld& world) {
  const int online = std::max(1, int(std::thread::hardware_concurrency()));
  cpu_set_t bound;
  CPU_ZERO(&bound);
  if (sched_getaffinity(0, sizeof bound, &bound) == 0 && CPU_COUNT(&bound) < online)
    return std::max(1, CPU_COUNT(&bound));
  return std::max(1, online / world.local_size());
}

Expected<RankSettings> choose_rank_settings(const BatchOptions& options,
                                            distributed::MpiWorld& world, const Backend& block) {
  RankSettings settings;
  settings.halo = options.halo;
  const int stepping = block.capabilities().device_memory ? 1 : std::max(1, options.threads);
  const bool core_to_spare = cores_for_rank(world) >= stepping + 1;
  // Every rank must choose alike (the writers' collective calls), though nodes may differ.
  settings.background_frames =
      world.all(options.frame_writer == "thread" ||
                (options.frame_writer == "auto" && world.threads_multiple() && core_to_spare));
  if (options.frame_writer == "thread" && !world.threads_multiple())
    return Error{
        "--frame-writer thread: this MPI library lets only one thread of a rank call it "
        "(no MPI_THREAD_MULTIPLE)"};
  return settings;
}

}  // namespace gs::batch
