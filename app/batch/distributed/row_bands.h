// One grid over several ranks, split in bands of rows. Each rank steps its own rows and a halo
// of rows above and below that it computes again from its neighbours' rows, as a grid of its
// own (a block) on any backend. The block's edges treat the halo's far rows as the grid's edge
// would, which is wrong, but a wrong value travels one row per step: after `halo` steps the own
// rows are still exact, to the bit, and the neighbours send fresh halo rows. So ranks talk once
// every `halo` steps (the twin's band pipeline does the same between threads).
#pragma once

#include <vector>

#include "gs/fields.h"
#include "gs/params.h"
#include "gs/status.h"

namespace gs::distributed {

struct RankBand {
  int first = 0;  // its own rows [first, end) of the grid
  int end = 0;
  int halo_above = 0;  // rows above `first` it computes again (0 at a Neumann grid's top)
  int halo_below = 0;  // rows below `end` (0 at a Neumann grid's bottom)

  int own_rows() const { return end - first; }
  int block_height() const { return halo_above + own_rows() + halo_below; }
  // The grid row of the block's row 0; below 0 or past the grid on a periodic grid, wrapping.
  int block_first() const { return first - halo_above; }
};

// The bands of `ranks` ranks over `height` rows with halos of `halo` rows: as equal as rows
// allow, in rank order from the top. One rank has no halo (its block is the grid, edges and
// all). Refused when a band has fewer rows than the halo, whose rows must all come from the
// next rank.
Expected<std::vector<RankBand>> split_rows(int height, int ranks, int halo, Boundary boundary);

// Rank `rank`'s neighbours in a split of `ranks`: the rank above and below it, or -1 where a
// Neumann grid ends. On a periodic grid the first and last ranks are neighbours.
int rank_above(int rank, int ranks, Boundary boundary);
int rank_below(int rank, int ranks, Boundary boundary);

// The band's block cut from the whole grid (its style map's rows too, where it has one): its halo
// rows wrap around a periodic grid.
Fields cut_block(const Fields& whole, const RankBand& band);
// The block's own rows put back into the whole grid.
void paste_own_rows(const Fields& block, const RankBand& band, Fields& whole);

// Rows [from_first, from_first + count) of `from` into rows from `to_first` of `to` (as wide).
void copy_rows(const Fields& from, int from_first, int count, Fields& to, int to_first);

}  // namespace gs::distributed
