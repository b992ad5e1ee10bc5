// One grid over several ranks, simulated in one process on any backend: each rank's block and
// the strips that step its sends ahead (edge_strips.h) on backends of their own, its outgoing
// rows landing in its neighbours' halos after every chunk. Shared by the twin's tests and the
// GPU's (the same exchange on CUDA backends).
#pragma once

#include <functional>
#include <memory>

#include "gs/backend.h"
#include "gs/fields.h"
#include "gs/params.h"

namespace gs::test {

using MakeBackend = std::function<std::unique_ptr<Backend>()>;

// `steps` steps of `whole` over `ranks` ranks with halos of `halo` rows, in chunks of at most
// `chunk_steps`; the own rows put back together. Failures are test failures.
Fields run_with_sends_ahead(const Fields& whole, const Params& params, int ranks, int halo,
                            int steps, int chunk_steps, const MakeBackend& make_backend);

}  // namespace gs::test
