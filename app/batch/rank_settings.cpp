#include "rank_settings.h"

#include <algorithm>
#include <thread>

namespace gs::batch {

Expected<RankSettings> choose_rank_settings(const BatchOptions& options,
                                            distributed::MpiWorld& world, const Backend& block) {
  RankSettings settings;
  settings.halo = options.halo;
  const int stepping = block.capabilities().device_memory ? 1 : std::max(1, options.threads);
  const long cores = long(std::thread::hardware_concurrency());
  const bool core_to_spare = cores >= long(world.local_size()) * (stepping + 1);
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
