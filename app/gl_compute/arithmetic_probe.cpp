#include "arithmetic_probe.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "gl_buffer.h"
#include "gl_errors.h"

namespace gs::gl_compute {
namespace {

struct Case {
  float a, b, c, unused;
};

std::uint32_t bits_of(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

// The cases: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a tie once rounded alone, so fma with -1 shows
// a second rounding and fma with 2^-60 a double rounding; then their mirror images, products
// near cancellation, and random numbers of every exponent the update meets.
std::vector<Case> probe_cases() {
  const float near_one = 1.0f + 0x1p-12f;
  std::vector<Case> cases = {{near_one, near_one, -1.0f, 0},
                             {near_one, near_one, 0x1p-60f, 0},
                             {-near_one, near_one, 1.0f, 0},
                             {-near_one, near_one, -0x1p-60f, 0},
                             {near_one, -near_one, 0x1p-11f, 0},
                             {1.0f / 3.0f, 3.0f, -1.0f, 0},
                             {0.1f, 10.0f, -1.0f, 0}};
  std::mt19937 random(20261207);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-20, 4);
  for (int i = 0; i < 4089; ++i) {
    const float a = std::ldexp(unit(random), exponent(random));
    const float b = std::ldexp(unit(random), exponent(random));
    // Every other case nearly cancels the product: its low bits decide the result.
    const float c = i % 2 ? -(a * b) * (1.0f + std::ldexp(unit(random), -20))
                          : std::ldexp(unit(random), exponent(random));
    cases.push_back({a, b, c, 0});
  }
  return cases;
}

std::string describe_fma(const Case& c, float got, float want) {
  char text[200];
  std::snprintf(text, sizeof text, "fma(%a, %a, %a) gave %a, not %a", double(c.a), double(c.b),
                double(c.c), double(got), double(want));
  return text;
}
std::string describe_division(const Case& c, float got, float want) {
  char text[200];
  std::snprintf(text, sizeof text, "%a / %a gave %a, not %a", double(c.a), double(c.b), double(got),
                double(want));
  return text;
}

}  // namespace

Expected<ArithmeticProbe> probe_arithmetic(ComputePrograms& programs) {
  Expected<GLuint> program = programs.get("gs_fma_probe.comp");
  if (!program) return program.status();
  const std::vector<Case> cases = probe_cases();
  app::clear_gl_errors();
  GlBuffer input, output;
  input.allocate(cases.size() * sizeof(Case), cases.data());
  output.allocate(cases.size() * 2 * sizeof(float));
  input.bind(0);
  output.bind(1);
  glUseProgram(*program);
  glProgramUniform1ui(*program, uniform(*program, "count"), GLuint(cases.size()));
  glDispatchCompute(GLuint((cases.size() + 63) / 64), 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<float> results(cases.size() * 2);
  glGetNamedBufferSubData(output.id(), 0, GLsizeiptr(results.size() * sizeof(float)),
                          results.data());
  if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
    return Error{"the arithmetic probe failed: " + app::gl_error_name(error)};
  }
  ArithmeticProbe probe;
  probe.cases = int(cases.size());
  for (std::size_t i = 0; i < cases.size() && probe.first_difference.empty(); ++i) {
    const Case& c = cases[i];
    const float fma = __builtin_fmaf(c.a, c.b, c.c), quotient = c.a / c.b;
    // Results below the normal range are where drivers may flush; the update never goes there
    // (gs/value_floors.h), so they do not count.
    const auto counts = [](float x) { return !(std::fabs(x) < 0x1p-100f); };
    if (counts(fma) && bits_of(results[2 * i]) != bits_of(fma))
      probe.first_difference = describe_fma(c, results[2 * i], fma);
    else if (counts(quotient) && bits_of(results[2 * i + 1]) != bits_of(quotient))
      probe.first_difference = describe_division(c, results[2 * i + 1], quotient);
  }
  probe.rounds_once = probe.first_difference.empty();
  return probe;
}

}  // namespace gs::gl_compute
