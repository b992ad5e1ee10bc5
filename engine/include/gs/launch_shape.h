// The shape of a kernel launch (grid and block, as CUDA's dim3) and how a grid of cells maps
// onto it. Shared by the real CUDA launch and the CPU launch emulator, so tests of the emulated
// kernels check exactly the shape the GPU runs.
#pragma once

#include "gs/enum_names.h"

#include <optional>
#include <string>
#include <string_view>

#include "gs/fields.h"
#include "gs/hd.h"

namespace gs {

// CUDA's dim3, without needing CUDA's headers.
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

// Which step kernel runs: the coalesced one (consecutive threads take consecutive cells of a
// row) or the strided teaching variant (consecutive threads walk down a column).
enum class KernelVariant { Coalesced, Strided };

inline constexpr EnumNames<KernelVariant, 2> kKernelVariantNames{
    {{KernelVariant::Coalesced, "coalesced"}, {KernelVariant::Strided, "strided"}}};
constexpr const auto& enum_names(KernelVariant) {
  return kKernelVariantNames;
}

struct BlockShape {
  unsigned x = 32;
  unsigned y = 8;

  bool operator==(const BlockShape& other) const { return x == other.x && y == other.y; }
};

struct LaunchShape {
  Dim3 grid;
  Dim3 block;
};

// Enough blocks to cover every cell: along x the fast thread index covers columns (coalesced)
// or rows (strided).
LaunchShape launch_shape_for(GridSize size, BlockShape block, KernelVariant variant);

// The launch of the display and finite-check kernels: 32x32 blocks, so even a grid of 2^20 rows
// (the most a grid may have) stays within CUDA's 65,535 blocks along y.
LaunchShape field_launch_shape(GridSize size);

// "32x8" -> {32, 8}; nullopt when the text is not WIDTHxHEIGHT.
std::optional<BlockShape> parse_block_shape(std::string_view text);

// Rejects blocks CUDA cannot launch: zero sides, or more than 1024 threads.
Status check_block_shape(BlockShape block);

// Rejects launches past CUDA's grid limits (2^31 - 1 blocks along x, 65,535 along y and z),
// naming the grid and block, so a tall grid is refused with a message instead of failing at
// launch.
Status check_launch_fits(const LaunchShape& shape, GridSize size);

// The cell a thread owns, from its block and thread indices.
struct CellIndex {
  int x;
  int y;
};

GS_HD CellIndex cell_of_thread(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                               KernelVariant variant) {
  const int fast = int(block_index.x * block_dim.x + thread_index.x);
  const int slow = int(block_index.y * block_dim.y + thread_index.y);
  return variant == KernelVariant::Coalesced ? CellIndex{fast, slow} : CellIndex{slow, fast};
}

}  // namespace gs
