// One headless GL context for a test program (EGL's device platform: llvmpipe here, any OpenGL
// 4.3 driver elsewhere), the gl backend made in it, and the CPU twin beside it; the tests skip
// with EGL's reason where no context can be had.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "gl_compute_provider.h"
#include "gs/cpu_twin_backend.h"

namespace gs::test {

class GlComputeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!provider_) provider_ = gl_compute::GlComputeProvider::headless();
  }
  void SetUp() override {
    const ContextBackendOffer offer = provider_->offer();
    if (!offer.available) GTEST_SKIP() << "no OpenGL 4.3 context here: " << offer.details;
  }
  // A new gl backend, the driver's fma or the exact formulation.
  static std::unique_ptr<Backend> gl_backend(gl_compute::FmaPath fma = gl_compute::FmaPath::Probe) {
    provider_->set_fma_path(fma);
    Expected<std::unique_ptr<Backend>> made = provider_->create();
    provider_->set_fma_path(gl_compute::FmaPath::Probe);
    EXPECT_TRUE(made) << made.message();
    return made ? std::move(made).value() : nullptr;
  }
  static std::shared_ptr<gl_compute::GlComputeProvider> provider_;
};

inline std::shared_ptr<gl_compute::GlComputeProvider> GlComputeTest::provider_;

// "" where both states hold the same bits, else the first cell that differs and how.
inline std::string bit_difference(const Fields& gl, const Fields& twin) {
  if (gl.size != twin.size)
    return "sizes differ: " + to_string(gl.size) + " and " + to_string(twin.size);
  for (std::size_t i = 0; i < gl.u.size(); ++i) {
    const bool u_same = std::memcmp(&gl.u[i], &twin.u[i], sizeof(float)) == 0;
    const bool v_same = std::memcmp(&gl.v[i], &twin.v[i], sizeof(float)) == 0;
    if (!u_same || !v_same) {
      char text[200];
      std::snprintf(text, sizeof text, "cell (%zu, %zu): gl u %a v %a, twin u %a v %a",
                    i % std::size_t(gl.size.width), i / std::size_t(gl.size.width), double(gl.u[i]),
                    double(gl.v[i]), double(twin.u[i]), double(twin.v[i]));
      return text;
    }
  }
  if (gl.style != twin.style) return "the style maps differ";
  return "";
}

}  // namespace gs::test
