#include "rank_input.h"

#include <cmath>
#include <memory>
#include <string>

#include "gs/collective_files.h"
#include "row_bands.h"

namespace gs::batch {
namespace {

using distributed::MpiWorld;
using distributed::RankBand;

// The ranks agree on one step of the read; a rank that failed keeps its own message (main's
// agreement on the job names it), the others take the agreed one.
Status agree(MpiWorld& world, const Status& local) {
  const Status agreed = world.agree(local);
  return agreed ? agreed : (local ? agreed : local);
}

// "x,y" of the first NaN or infinity in the block's own rows (the band's: every cell of the grid
// is some rank's own), as one process would name it in the whole grid.
std::optional<std::string> first_non_finite(const Fields& block, const RankBand& band) {
  const long width = block.size.width;
  for (long i = band.halo_above * width; i < (band.halo_above + band.own_rows()) * width; ++i)
    if (!std::isfinite(block.u[std::size_t(i)]) || !std::isfinite(block.v[std::size_t(i)]))
      return std::to_string(i % width) + "," + std::to_string(band.block_first() + i / width);
  return std::nullopt;
}

Expected<InputState> read_block(const BatchOptions& options, MpiWorld& world, int halo,
                                const std::filesystem::path& path, std::size_t run_bytes_per_cell) {
  // Rank 0 reads the file through in a child first (libhdf5 may loop or crash on it), and every
  // rank refuses with its one line; only then do the ranks open it in-process.
  GS_TRY(
      world.share(world.rank() == 0 ? CollectiveStateReader::check_isolated(path) : Status::ok()));
  GS_TRY(agree(world, CollectiveStateReader::check_readable(path)));
  Expected<std::unique_ptr<CollectiveStateReader>> opened = CollectiveStateReader::open(path);
  GS_TRY(agree(world, opened.status()));
  CollectiveStateReader& reader = **opened;
  // The split needs the boundary the run will use: the file's, under the options' layers.
  Expected<Params> params = resolve_params(options, reader.attributes().params);
  if (!params) return params.status();  // every rank alike
  // The ranks' bands index their own rows, where the map's F runs over the whole grid's.
  if (params->map.enabled)
    return Error{"'" + path.string() +
                 "' was saved in parameter-map mode, which runs in one process: run it without "
                 "mpirun, or name a rate (--F, --k, --preset) for a uniform run"};
  Expected<std::vector<RankBand>> bands =
      distributed::split_rows(reader.grid().height, world.size(), halo, params->boundary);
  if (!bands) return Error{bands.message() + " (--halo)"};
  const RankBand band = (*bands)[std::size_t(world.rank())];
  GS_TRY(agree(world, check_block_fits_in_memory(reader.grid(), band.block_height(), world.size(),
                                                 run_bytes_per_cell)));
  Expected<Fields> block = reader.read_rows(band.block_first(), band.block_height());
  GS_TRY(agree(world, block.status()));

  InputState input;
  input.block_of_grid = reader.grid();
  input.block_first = band.block_first();
  input.state.params = reader.attributes().params;
  input.state.step = reader.attributes().step;
  // The grid's first non-finite cell is the first in the lowest rank that has one ("rank R: x,y").
  const std::optional<std::string> mine = first_non_finite(*block, band);
  const Status finite = world.agree(mine ? Error{*mine} : Status::ok());
  if (!finite) input.non_finite_at = finite.message().substr(finite.message().find(": ") + 2);
  input.state.fields = std::move(block).value();
  return input;
}

}  // namespace

InputReader rank_input_reader(const BatchOptions& options, MpiWorld& world, int halo) {
  return
      [&options, &world, halo](const std::filesystem::path& path, std::size_t run_bytes_per_cell) {
        return read_block(options, world, halo, path, run_bytes_per_cell);
      };
}

BlockChooser rank_block_chooser(const MpiWorld& world, int halo) {
  return [ranks = world.size(), rank = world.rank(), halo](
             GridSize grid, Boundary boundary) -> Expected<GridRowSpan> {
    Expected<std::vector<RankBand>> bands =
        distributed::split_rows(grid.height, ranks, halo, boundary);
    if (!bands) return Error{bands.message() + " (--halo)"};
    const RankBand& band = (*bands)[std::size_t(rank)];
    return GridRowSpan{band.block_first(), band.block_height(), ranks};
  };
}

}  // namespace gs::batch
