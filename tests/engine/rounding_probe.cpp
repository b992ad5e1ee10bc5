// A probe of how a build rounds the per-cell update: 300 steps of every Laplacian, with uniform
// parameters, the parameter map and a style map, through the twin's plain rows
// (cpu_twin/row_update.h, header-only, so the probe links no engine code built with other flags),
// printed as one hash of the final states' bits and whether this build fuses its multiply-adds in
// hardware. The test suite builds it twice, for the x86-64 baseline (no FMA: the C library's fmaf)
// and for the engine's instruction set, and requires the same hash
// (tests/engine/compare_rounding_probes.cmake).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cpu_twin/row_update.h"

namespace {

constexpr int kWidth = 61, kHeight = 47, kSteps = 300;

struct Grid {
  std::vector<float> u = std::vector<float>(kWidth * kHeight, 1.0f);
  std::vector<float> v = std::vector<float>(kWidth * kHeight, 0.0f);
};

// Three squares of Pearson's start, and a little noise from a fixed generator everywhere.
Grid starting_grid() {
  Grid g;
  std::uint32_t state = 12345;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      const std::size_t i = std::size_t(y) * kWidth + x;
      const bool in_square = (x / 8 + y / 8) % 3 == 0 && x % 8 < 5 && y % 8 < 5;
      state = state * 1664525u + 1013904223u;
      const float noise = float(state >> 8) * 0x1p-24f * 0.02f;
      g.u[i] = (in_square ? 0.5f : 1.0f) - noise;
      g.v[i] = (in_square ? 0.25f : 0.0f) + noise / 2;
    }
  return g;
}

// A style map holding every byte value: stripes across the grid.
std::vector<std::uint8_t> style_map() {
  std::vector<std::uint8_t> style(std::size_t(kWidth) * kHeight);
  for (std::size_t i = 0; i < style.size(); ++i) style[i] = std::uint8_t(i * 7 % 256);
  return style;
}

template <gs::Laplacian L, gs::twin::CellSource S>
void step(Grid& g, const gs::Params& p, const std::vector<std::uint8_t>& style) {
  Grid next;
  for (int y = 0; y < kHeight; ++y) {
    const gs::NeighbourRows rows =
        gs::neighbour_rows(g.u.data(), g.v.data(), y, kWidth, kHeight, p.boundary);
    gs::twin::RowSource source;
    source.F_row = gs::map_F(p, y, kHeight);
    source.style = style.data() + std::size_t(y) * kWidth;
    gs::twin::update_row<L, S>(rows, next.u.data() + std::size_t(y) * kWidth,
                               next.v.data() + std::size_t(y) * kWidth, kWidth, source, p);
  }
  g = next;
}

template <gs::Laplacian L>
void run(std::uint64_t& hash, gs::Params p) {
  using gs::twin::CellSource;
  p.laplacian = L;
  const std::vector<std::uint8_t> style = style_map();
  for (const CellSource source : {CellSource::Uniform, CellSource::Mapped, CellSource::Styled}) {
    Grid g = starting_grid();
    p.map.enabled = source == CellSource::Mapped;
    p.style = {source == CellSource::Styled, 0.06f, 0.0609f, 0.05f, 0.1f};
    for (int s = 0; s < kSteps; ++s) {
      if (source == CellSource::Uniform) step<L, CellSource::Uniform>(g, p, style);
      if (source == CellSource::Mapped) step<L, CellSource::Mapped>(g, p, style);
      if (source == CellSource::Styled) step<L, CellSource::Styled>(g, p, style);
    }
    for (const std::vector<float>* field : {&g.u, &g.v})
      for (float x : *field) {  // FNV-1a over the bits
        std::uint32_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        hash = (hash ^ bits) * 1099511628211u;
      }
  }
}

}  // namespace

int main() {
  gs::Params p;  // the course's rates; stable for every Laplacian (dt Du 12 = 1.2)
  std::uint64_t hash = 14695981039346656037u;
  run<gs::Laplacian::FivePoint>(hash, p);
  run<gs::Laplacian::NinePoint>(hash, p);
  run<gs::Laplacian::Course>(hash, p);
#if defined(__FMA__)
  std::printf("fma hardware\n");
#else
  std::printf("fma software\n");
#endif
  std::printf("hash %016llx\n", static_cast<unsigned long long>(hash));
  return 0;
}
