// The portable build's start: it targets x86-64-v3 (AVX2, FMA, BMI1/2, F16C: Intel from Haswell,
// 2013, AMD from Excavator, 2015), so that the twin has its AVX2 rows and its fused multiply-adds
// run in hardware (elsewhere the C library's fmaf rounds them the same, but slowly). On an older
// CPU its code would end on an illegal instruction somewhere; this says why instead, before any
// of it runs. This file alone
// is compiled for the x86-64 baseline, and its check runs as a constructor of the first priority,
// before every C++ static initialiser of the program (engine/CMakeLists.txt links it into every
// program of a portable build).
//
// Only C library calls here: an inline C++ function (std::string's, say) would be shared with the
// program's other files, and the linker may keep their x86-64-v3 copy.
#include <errno.h>  // program_invocation_short_name

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// Appends to `missing` the names of the x86-64-v3 features this CPU lacks: those the compiler may
// use that both GCC and Clang can ask about (F16C, MOVBE and LZCNT come with every CPU that has
// them).
void find_missing_x86_64_v3_features(char (&missing)[64]) {
  __builtin_cpu_init();
  const struct {
    const char* name;
    bool present;
  } features[] = {{"AVX", bool(__builtin_cpu_supports("avx"))},
                  {"AVX2", bool(__builtin_cpu_supports("avx2"))},
                  {"FMA", bool(__builtin_cpu_supports("fma"))},
                  {"BMI1", bool(__builtin_cpu_supports("bmi"))},
                  {"BMI2", bool(__builtin_cpu_supports("bmi2"))}};
  for (const auto& feature : features)
    if (!feature.present) {
      if (missing[0] != '\0') std::strcat(missing, ", ");
      std::strcat(missing, feature.name);
    }
}

__attribute__((constructor(101))) void require_x86_64_v3() {
  char missing[64] = "";
  find_missing_x86_64_v3_features(missing);
  if (missing[0] == '\0') return;
  std::fprintf(stderr,
               "%s: this build needs an x86-64-v3 CPU (Intel from 2013, AMD from 2015) and this "
               "one lacks %s: build it from source on this machine with -DGS_NATIVE=ON\n",
               program_invocation_short_name, missing);
  std::_Exit(EXIT_FAILURE);
}

}  // namespace
