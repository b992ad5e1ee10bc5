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
// row, each thread kCoalescedCellsPerThread cells down its column) or the strided teaching
// variant (consecutive threads walk down a column, one cell each).
enum class KernelVariant { Coalesced, Strided };

// The coalesced step kernel's cells a thread, one under another: the thread keeps the three rows
// around its cell in registers as it moves down, so each further cell loads one new row (6 loads
// a cell instead of 18; the x - 1 and x + 1 loads were most of the L1 traffic).
inline constexpr int kCoalescedCellsPerThread = 4;

// The cells a step kernel's thread updates: kCoalescedCellsPerThread or 1 (strided).
GS_HD int cells_per_thread(KernelVariant variant) {
  return variant == KernelVariant::Coalesced ? kCoalescedCellsPerThread : 1;
}

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

// The step kernel's launch: enough blocks to cover every cell, along x the fast thread index
// covering columns (coalesced) or rows (strided), along y cells_per_thread(variant) a thread.
LaunchShape launch_shape_for(GridSize size, BlockShape block, KernelVariant variant);

// One cell a thread, consecutive threads along a row: the launch of the kernels that touch each
// cell once (display, finite check, the batched step).
LaunchShape cell_launch_shape(GridSize size, BlockShape block);

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

// The cell a thread owns (its first, for a step kernel), from its block and thread indices.
struct CellIndex {
  int x;
  int y;
};

// One cell a thread (cell_launch_shape).
GS_HD CellIndex cell_of_thread(Dim3 block_index, Dim3 thread_index, Dim3 block_dim) {
  return {int(block_index.x * block_dim.x + thread_index.x),
          int(block_index.y * block_dim.y + thread_index.y)};
}
// A step kernel's thread (launch_shape_for): its first cell; the others lie below it.
GS_HD CellIndex first_cell_of_thread(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                                     KernelVariant variant) {
  const int fast = int(block_index.x * block_dim.x + thread_index.x);
  const int slow = int(block_index.y * block_dim.y + thread_index.y);
  return variant == KernelVariant::Coalesced ? CellIndex{fast, slow * kCoalescedCellsPerThread}
                                             : CellIndex{slow, fast};
}

}  // namespace gs
