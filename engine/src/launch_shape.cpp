#include "gs/launch_shape.h"

#include <charconv>

namespace gs {

std::optional<BlockShape> parse_block_shape(std::string_view text) {
  const std::size_t x = text.find('x');
  if (x == std::string_view::npos || x == 0 || x + 1 == text.size()) return std::nullopt;
  BlockShape block;
  const auto parse = [](std::string_view digits, unsigned& out) {
    const char* end = digits.data() + digits.size();
    const auto [ptr, error] = std::from_chars(digits.data(), end, out);
    return error == std::errc() && ptr == end;
  };
  if (!parse(text.substr(0, x), block.x) || !parse(text.substr(x + 1), block.y))
    return std::nullopt;
  return block;
}

namespace {
// Blocks of `block` over fast x slow thread positions.
LaunchShape covering(unsigned fast, unsigned slow, BlockShape block) {
  LaunchShape shape;
  shape.block = {block.x, block.y, 1};
  shape.grid = {(fast + block.x - 1) / block.x, (slow + block.y - 1) / block.y, 1};
  return shape;
}
}  // namespace

LaunchShape launch_shape_for(GridSize size, BlockShape block, KernelVariant variant) {
  if (variant == KernelVariant::Strided)
    return covering(unsigned(size.height), unsigned(size.width), block);
  const unsigned per_thread = unsigned(kCoalescedCellsPerThread);
  return covering(unsigned(size.width), (unsigned(size.height) + per_thread - 1) / per_thread,
                  block);
}

LaunchShape cell_launch_shape(GridSize size, BlockShape block) {
  return covering(unsigned(size.width), unsigned(size.height), block);
}

LaunchShape field_launch_shape(GridSize size) {
  return cell_launch_shape(size, BlockShape{32, 32});
}

Status check_block_shape(BlockShape block) {
  if (block.x == 0 || block.y == 0) return Error{"block sides must be at least 1"};
  if (block.x * block.y > 1024)
    return Error{"a block of " + std::to_string(block.x) + "x" + std::to_string(block.y) +
                 " has more than CUDA's 1024 threads"};
  if (block.y > 1024 || block.x > 1024) return Error{"a block side may be at most 1024"};
  return Status::ok();
}

Status check_launch_fits(const LaunchShape& shape, GridSize size) {
  constexpr unsigned kMaxGridX = 2147483647u, kMaxGridYZ = 65535u;
  if (shape.grid.x <= kMaxGridX && shape.grid.y <= kMaxGridYZ && shape.grid.z <= kMaxGridYZ)
    return Status::ok();
  return Error{"a " + to_string(size) + " grid needs " + std::to_string(shape.grid.x) + "x" +
               std::to_string(shape.grid.y) + " blocks of " + std::to_string(shape.block.x) + "x" +
               std::to_string(shape.block.y) +
               "; CUDA allows 65535 along y: use a taller block or the coalesced kernel"};
}

}  // namespace gs
