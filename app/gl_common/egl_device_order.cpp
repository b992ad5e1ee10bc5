#include "egl_device_order.h"

namespace gs::app {

std::vector<std::size_t> egl_device_order(const std::vector<std::optional<int>>& cuda_of_device,
                                          std::optional<int> wanted_cuda,
                                          std::optional<std::size_t> forced) {
  if (forced) return {*forced};
  std::vector<std::size_t> order;
  const auto is_wanted = [&](std::size_t index) {
    return wanted_cuda && cuda_of_device[index] == wanted_cuda;
  };
  for (std::size_t index = 0; index < cuda_of_device.size(); ++index)
    if (is_wanted(index)) order.push_back(index);
  for (std::size_t index = 0; index < cuda_of_device.size(); ++index)
    if (!is_wanted(index)) order.push_back(index);
  return order;
}

}  // namespace gs::app
