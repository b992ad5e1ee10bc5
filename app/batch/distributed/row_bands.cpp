#include "row_bands.h"

#include <algorithm>
#include <string>

namespace gs::distributed {
namespace {

int wrap(int row, int height) {
  const int r = row % height;
  return r < 0 ? r + height : r;
}

}  // namespace

Expected<std::vector<RankBand>> split_rows(int height, int ranks, int halo, Boundary boundary) {
  if (ranks < 1) return Error{"the rank count must be at least 1, not " + std::to_string(ranks)};
  if (halo < 1) return Error{"the halo must be at least 1 row, not " + std::to_string(halo)};
  std::vector<RankBand> bands;
  for (int rank = 0; rank < ranks; ++rank) {
    RankBand band;
    band.first = int(long(height) * rank / ranks);
    band.end = int(long(height) * (rank + 1) / ranks);
    if (ranks > 1) {
      band.halo_above = rank_above(rank, ranks, boundary) < 0 ? 0 : halo;
      band.halo_below = rank_below(rank, ranks, boundary) < 0 ? 0 : halo;
      if (band.own_rows() < halo)
        return Error{"rank " + std::to_string(rank) + "'s band of " +
                     std::to_string(band.own_rows()) + " rows is thinner than the halo of " +
                     std::to_string(halo) + " rows (use fewer ranks or a smaller halo)"};
    }
    bands.push_back(band);
  }
  return bands;
}

int rank_above(int rank, int ranks, Boundary boundary) {
  if (rank > 0) return rank - 1;
  return boundary == Boundary::Periodic && ranks > 1 ? ranks - 1 : -1;
}

int rank_below(int rank, int ranks, Boundary boundary) {
  if (rank + 1 < ranks) return rank + 1;
  return boundary == Boundary::Periodic && ranks > 1 ? 0 : -1;
}

Fields cut_block(const Fields& whole, const RankBand& band) {
  const int width = whole.size.width;
  Fields block({width, band.block_height()});
  if (!whole.style.empty()) block.style.resize(block.size.cells());
  for (int row = 0; row < band.block_height(); ++row) {
    const long from = long(wrap(band.block_first() + row, whole.size.height)) * width;
    std::copy_n(whole.u.begin() + from, width, block.u.begin() + long(row) * width);
    std::copy_n(whole.v.begin() + from, width, block.v.begin() + long(row) * width);
    if (!whole.style.empty())
      std::copy_n(whole.style.begin() + from, width, block.style.begin() + long(row) * width);
  }
  return block;
}

void paste_own_rows(const Fields& block, const RankBand& band, Fields& whole) {
  copy_rows(block, band.halo_above, band.own_rows(), whole, band.first);
}

void copy_rows(const Fields& from, int from_first, int count, Fields& to, int to_first) {
  const long width = from.size.width, cells = count * width;
  std::copy_n(from.u.begin() + from_first * width, cells, to.u.begin() + to_first * width);
  std::copy_n(from.v.begin() + from_first * width, cells, to.v.begin() + to_first * width);
}

}  // namespace gs::distributed
