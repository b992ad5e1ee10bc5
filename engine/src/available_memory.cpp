// How much memory this process may still take (gs/fields.h): the system's free memory, and the
// limits a user or a scheduler set on the process, whichever leaves the least.
#include <sys/resource.h>

#include <exception>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "gs/fields.h"

namespace gs {
namespace {

// The value after `key` in a /proc file of "Key: value kB" lines, in bytes; 0 where missing.
std::size_t proc_kib(const char* file, const std::string& key) {
  std::ifstream in(file);
  std::string name, unit;
  std::size_t kib = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    if (fields >> name >> kib && name == key) return kib * 1024;
  }
  return 0;
}

// Room left under the address-space limit (ulimit -v), or none where there is no limit.
std::optional<std::size_t> address_space_room() {
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  const std::size_t used = proc_kib("/proc/self/status", "VmSize:");
  return limit.rlim_cur > used ? std::size_t(limit.rlim_cur - used) : 0;
}

// A number in a cgroup file (memory.max holds "max" where there is no limit).
std::optional<std::size_t> cgroup_number(const std::string& path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text == "max") return std::nullopt;
  try {
    return std::size_t(std::stoull(text));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Room left under the cgroup's memory.max (cgroup v2), or none where there is no limit.
std::optional<std::size_t> cgroup_room() {
  std::ifstream cgroups("/proc/self/cgroup");
  for (std::string line; std::getline(cgroups, line);) {
    if (line.rfind("0::", 0) != 0) continue;
    const std::string folder = "/sys/fs/cgroup" + line.substr(3);
    const std::optional<std::size_t> max = cgroup_number(folder + "/memory.max");
    if (!max) return std::nullopt;
    const std::size_t current = cgroup_number(folder + "/memory.current").value_or(0);
    return *max > current ? *max - current : 0;
  }
  return std::nullopt;
}

}  // namespace

MemoryAvailable memory_available() {
  MemoryAvailable available{proc_kib("/proc/meminfo", "MemAvailable:"), ""};
  const auto least = [&](std::optional<std::size_t> room, const char* limit) {
    if (room && (available.bytes == 0 || *room < available.bytes)) available = {*room, limit};
  };
  least(address_space_room(), " (ulimit -v)");
  least(cgroup_room(), " (the cgroup's memory.max)");
  return available;
}

std::size_t available_memory_bytes() {
  return memory_available().bytes;
}

}  // namespace gs
