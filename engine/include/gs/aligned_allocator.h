// The allocator of the field arrays. Every array starts on a cache line, so rows of widths that
// are multiples of 16 start on a line and full-width vector loads and stores do not straddle two
// lines. Large arrays also ask the kernel for transparent huge pages: a 1920x1080 step touches
// four 8 MB arrays, whose 8,000 4-KiB pages would miss the TLB on every pass.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace gs {

inline constexpr std::size_t kCacheLine = 64;
inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

template <class T>
struct CacheAlignedAllocator {
  using value_type = T;
  CacheAlignedAllocator() = default;
  template <class U>
  CacheAlignedAllocator(const CacheAlignedAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    const std::size_t alignment = bytes >= 2 * kHugePage ? kHugePage : kCacheLine;
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    void* p = std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded);
    if (!p) throw std::bad_alloc();
    // Advice only: where huge pages are off, this fails harmlessly and 4 KiB pages are used.
    if (alignment == kHugePage) [[maybe_unused]]
      const int advised = madvise(p, rounded, MADV_HUGEPAGE);
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { std::free(p); }

  template <class U>
  bool operator==(const CacheAlignedAllocator<U>&) const noexcept {
    return true;
  }
  template <class U>
  bool operator!=(const CacheAlignedAllocator<U>&) const noexcept {
    return false;
  }
};

}  // namespace gs
