// The fixture of the GPU tests that drive one CUDA backend: it skips the test where no CUDA
// device answers (every machine without a GPU) and otherwise gives a fresh backend.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "gs/cuda_backend.h"

namespace gs::test {

class CudaBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = cuda_unavailable_reason()) GTEST_SKIP() << "no CUDA device: " << *reason;
    Expected<std::unique_ptr<CudaBackend>> created = CudaBackend::create();
    ASSERT_TRUE(created) << created.message();
    cuda_ = std::move(created).value();
  }
  std::unique_ptr<CudaBackend> cuda_;
};

}  // namespace gs::test
