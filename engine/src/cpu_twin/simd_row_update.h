// One row of the fast twin's step in explicit SIMD (cpu_twin/simd.h). Each vector of cells
// loads its above, row and below values once: the vertical sums and the row's left and right
// neighbours come from the vectors before and after it by lane shifts, not from three
// overlapping loads. The arithmetic is the shared one of gs/cell_update.h, step for step, so a
// row equals the reference row (cpu_twin/row_update.h) bit for bit.
#pragma once

#include "cpu_twin/row_update.h"
#include "cpu_twin/simd.h"
#include "cpu_twin/style_vectors.h"

#if GS_TWIN_SIMD
namespace gs::twin {

// The vectors around one field's cells, for the vector being computed and the ones before and
// after it: the row's values and a sum per column, computed once per column and shifted into
// place for the neighbours left and right. The sum is above + below, or for the course's
// stencil above + below + the cell itself. next() slides one vector right. At the row's edges
// the vector before or after is the boundary's neighbour column, broadcast: only its lane next
// to the row is ever shifted in.
template <Laplacian L, class Vec>
class FieldWindow {
 public:
  static constexpr int kWidth = simd::kSimdWidth;

  FieldWindow(const float* above, const float* row, const float* below)
      : above_(above), row_(row), below_(below) {}

  // Starts at the first vector of the row, whose left neighbour is column `left`.
  void start_at_left_edge(int left) {
    centre_before_ = row_[left];
    sum_before_ = column_sum(above_[left] + below_[left], row_[left]);
    load_current(0);
  }
  // Starts at the vector at x, with the one before it in the row.
  void start_at(int x) {
    centre_before_ = simd::load(row_ + x - kWidth);
    sum_before_ = column_sum(vertical_at(x - kWidth), centre_before_);
    load_current(x);
  }
  // The vector after the one at x (which must lie in the row).
  void load_after(int x) {
    centre_after_ = simd::load(row_ + x + kWidth);
    sum_after_ = column_sum(vertical_at(x + kWidth), centre_after_);
  }
  // Only the first lane of the vector after is shifted in: column `column`, broadcast.
  void load_after_column(int column) {
    centre_after_ = row_[column];
    sum_after_ = column_sum(above_[column] + below_[column], row_[column]);
  }

  Vec laplacian() const {
    if constexpr (L == Laplacian::Course) {
      return course_laplacian_from_columns(simd::shift_in_left(sum_before_, sum_), sum_,
                                           simd::shift_in_right(sum_, sum_after_), centre_);
    } else {
      Vec vertical_left = 0.0f, vertical_right = 0.0f;
      if constexpr (L == Laplacian::NinePoint) {
        vertical_left = simd::shift_in_left(sum_before_, sum_);
        vertical_right = simd::shift_in_right(sum_, sum_after_);
      }
      return laplacian_from_sums<L>(vertical_left, sum_, vertical_right,
                                    simd::shift_in_left(centre_before_, centre_),
                                    simd::shift_in_right(centre_, centre_after_), centre_);
    }
  }

  Vec centre() const { return centre_; }

  void next() {
    sum_before_ = sum_;
    sum_ = sum_after_;
    centre_before_ = centre_;
    centre_ = centre_after_;
  }

 private:
  Vec vertical_at(int x) const { return simd::load(above_ + x) + simd::load(below_ + x); }
  static Vec column_sum(Vec vertical, Vec centre) {
    if constexpr (L == Laplacian::Course) return vertical + centre;
    return vertical;
  }
  void load_current(int x) {
    centre_ = simd::load(row_ + x);
    sum_ = column_sum(vertical_at(x), centre_);
  }

  const float* above_;
  const float* row_;
  const float* below_;
  Vec sum_before_ = 0.0f, sum_ = 0.0f, sum_after_ = 0.0f;
  Vec centre_before_ = 0.0f, centre_ = 0.0f, centre_after_ = 0.0f;
};

// Where the cells are not styled: nothing to read.
struct UnstyledVectors {
  UnstyledVectors(const Params&, const std::uint8_t*) {}
};

// Writes the row whose neighbour rows are `rows` into u_out/v_out (width cells each), one
// vector at a time from the left edge while the vector after lies in the row; then the vector
// before the last, and the last one, ending on the right edge (they overlap when the width is
// not a whole number of vectors). Rows narrower than two vectors take the scalar path. Styled
// cells take their parameters from `Styled` (style_vectors.h). A function of its own: inlined
// into a pass's loop, its vectors would share the registers with the pass's state and spill.
template <Laplacian L, CellSource S, class Styled>
[[gnu::noinline]] void update_row_simd_with(const NeighbourRows& rows, float* u_out, float* v_out,
                                            int width, RowSource source, const Params& params,
                                            RowStore store) {
  using simd::Vec;
  constexpr int Width = simd::kSimdWidth;
  const Params p = params;  // a local copy: stores to the rows cannot alias it
  if (width < 2 * Width) {
    update_row_columns<L, S>(rows, u_out, v_out, 0, width, width, source, p);
    return;
  }
  const bool streamed =
      store == RowStore::Streamed && simd::stream_aligned(u_out) && simd::stream_aligned(v_out);
  const float F = S == CellSource::Mapped ? source.F_row : p.F;
  const CellParams<Vec> uniform = rate_cell_params<L, Vec>(p, Vec(F), Vec(p.k));
  [[maybe_unused]] const Styled styled(p, source.style);
  FieldWindow<L, Vec> u(rows.u_above, rows.u_row, rows.u_below);
  FieldWindow<L, Vec> v(rows.v_above, rows.v_row, rows.v_below);

  // The vector at x, once its window holds the vectors before and after it. Always inlined: a
  // call would keep the windows in memory (the compiler's inlining budget for a file runs out
  // with the rows of every stencil, source and style mixing in it).
  const auto update_vector = [&](int x, bool stream_it) __attribute__((always_inline)) {
    CellParams<Vec> c = uniform;
    if constexpr (S == CellSource::Mapped)
      c.k = map_k_of_column(p, Vec::iota(float(x)), float(width));
    if constexpr (S == CellSource::Styled) c = styled.at(x);
    Vec u_next = 0.0f, v_next = 0.0f;
    react_diffuse(u.centre(), v.centre(), u.laplacian(), v.laplacian(), c, p.dt, u_next, v_next);
    if (stream_it) {
      simd::stream(u_out + x, u_next);
      simd::stream(v_out + x, v_next);
    } else {
      simd::store(u_out + x, u_next);
      simd::store(v_out + x, v_next);
    }
  };

  const int left = neighbour_index(-1, width, p.boundary);
  u.start_at_left_edge(left);
  v.start_at_left_edge(left);
  int x = 0;
  for (; x + 2 * Width <= width; x += Width) {
    u.load_after(x);
    v.load_after(x);
    update_vector(x, streamed);
    u.next();
    v.next();
  }
  const int last = width - Width;
  if (x < last) {
    u.load_after_column(x + Width);
    v.load_after_column(x + Width);
    update_vector(x, streamed);
  }
  const int right = neighbour_index(width, width, p.boundary);
  u.start_at(last);
  v.start_at(last);
  u.load_after_column(right);
  v.load_after_column(right);
  update_vector(last, streamed && last % Width == 0);
}

// The row with the vector loop for its cells' source: in style-map mode the one that mixes only
// what the two sets need (StyleMixing), chosen once per row.
template <Laplacian L, CellSource S>
void update_row_simd(const NeighbourRows& rows, float* u_out, float* v_out, int width,
                     RowSource source, const Params& p, RowStore store) {
  if constexpr (S == CellSource::Styled) {
    const StyleMixing mixing = style_mixing(p);
    if (!mixing.all_differ)  // the general mix: every parameter, through the floor
      return update_row_simd_with<L, S, StyledVectors<L, true, true, false>>(
          rows, u_out, v_out, width, source, p, store);
    if (mixing.diffusion && mixing.floored)
      return update_row_simd_with<L, S, StyledVectors<L, true, true, true>>(
          rows, u_out, v_out, width, source, p, store);
    if (mixing.diffusion)
      return update_row_simd_with<L, S, StyledVectors<L, true, false, true>>(
          rows, u_out, v_out, width, source, p, store);
    if (mixing.floored)
      return update_row_simd_with<L, S, StyledVectors<L, false, true, true>>(
          rows, u_out, v_out, width, source, p, store);
    return update_row_simd_with<L, S, StyledVectors<L, false, false, true>>(
        rows, u_out, v_out, width, source, p, store);
  } else {
    return update_row_simd_with<L, S, UnstyledVectors>(rows, u_out, v_out, width, source, p, store);
  }
}

}  // namespace gs::twin
#endif  // GS_TWIN_SIMD
