#include "gs/backend_factory.h"

#include <cstdio>

#include "gs/context_backend_provider.h"
#include "gs/cpu_twin_backend.h"
#include "gs/cuda_backend.h"

namespace gs {

#if !defined(GS_HAVE_CUDA)
std::optional<std::string> cuda_unavailable_reason() {
  return "not compiled in";
}
Expected<CudaDeviceInfo> cuda_device_info(int) {
  return Error{"cuda not compiled in"};
}
int cuda_device_count() {
  return 0;
}
#endif

namespace {

#if defined(GS_HAVE_CUDA)
constexpr bool kCudaCompiled = true;
#else
constexpr bool kCudaCompiled = false;
#endif

Expected<std::unique_ptr<Backend>> create_cuda_backend([[maybe_unused]] int device) {
#if defined(GS_HAVE_CUDA)
  Expected<std::unique_ptr<CudaBackend>> cuda = CudaBackend::create(device);
  if (!cuda) return cuda.status();
  return std::unique_ptr<Backend>(std::move(cuda).value());
#else
  return Error{"cuda unavailable: not compiled in"};
#endif
}

std::string describe_device(const CudaDeviceInfo& d) {
  char text[256];
  std::snprintf(text, sizeof text, "%s, compute %d.%d, %.1f GB, %.0f GB/s peak", d.name.c_str(),
                d.compute_major, d.compute_minor, double(d.memory_bytes) / 1e9,
                d.peak_bandwidth_gb_per_s);
  return text;
}

Expected<std::unique_ptr<Backend>> create_cpu_twin(const BackendOptions& options) {
  auto twin = std::make_unique<CpuTwinBackend>(options.cpu_threads);
  GS_TRY(twin->configure(options));
  return std::unique_ptr<Backend>(std::move(twin));
}

// The GL compute backend from the context's provider; `auto` takes it on a hardware GPU only.
// On failure, why not ("gl unavailable: ...", "gl passed over: ...").
Expected<std::unique_ptr<Backend>> create_gl_backend(const BackendOptions& options) {
  if (!options.gl) return Error{"gl unavailable: no OpenGL context here (not built in)"};
  const ContextBackendOffer offer = options.gl->offer();
  if (!offer.available) return Error{"gl unavailable: " + offer.details};
  if (options.choice == BackendChoice::Auto && !offer.hardware)
    return Error{
        "gl passed over: " + offer.details +
        " is a software renderer, slower than the CPU twin (asked for by name, gl runs on it)"};
  Expected<std::unique_ptr<Backend>> gl = options.gl->create();
  if (!gl) return Error{"gl unavailable: " + gl.message()};
  GS_TRY((*gl)->configure(options));
  return gl;
}

}  // namespace

Expected<SelectedBackend> create_backend(const BackendOptions& options) {
  // Where the caller keeps settings for whichever backend runs, none of them is a mistake.
  const bool refuse_unused = options.unused_settings == UnusedSettings::Refused;
  const bool launch_chosen = refuse_unused && (options.block || options.variant);
  const bool twin_chosen = refuse_unused && (options.cpu_path || options.cpu_steps_per_pass);
  const BackendChoice choice = options.choice;
  if ((choice == BackendChoice::Cuda || choice == BackendChoice::Gl) && twin_chosen)
    return Error{"the CPU twin's loop (its path, steps per pass) applies to the cpu backend"};
  if (choice == BackendChoice::Gl && launch_chosen)
    return Error{"the launch shape (block, kernel) applies to the cuda backend"};
  // auto: CUDA where a device answers, else GL compute on a hardware GPU, else the CPU twin,
  // with the reasons each was passed over.
  std::string reason;
  if (choice == BackendChoice::Auto || choice == BackendChoice::Cuda) {
    Expected<std::unique_ptr<Backend>> cuda = create_cuda_backend(options.cuda_device);
    if (cuda) {
      GS_TRY((*cuda)->configure(options));
      return SelectedBackend{std::move(cuda).value(), ""};
    }
    if (choice == BackendChoice::Cuda) return cuda.status();
    reason = cuda.message();
  }
  // A caller with no GL at all (a build without it) has no GL reason to give under auto.
  if (choice == BackendChoice::Gl || (choice == BackendChoice::Auto && options.gl)) {
    Expected<std::unique_ptr<Backend>> gl = create_gl_backend(options);
    if (gl) return SelectedBackend{std::move(gl).value(), reason};
    if (choice == BackendChoice::Gl) return gl.status();
    reason += "; " + gl.message();
  }
  if (choice == BackendChoice::Cpu && launch_chosen)
    return Error{"the launch shape (block, kernel) applies to the cuda backend"};
  if (launch_chosen) reason += " (the launch shape is ignored on the CPU twin)";
  Expected<std::unique_ptr<Backend>> twin = create_cpu_twin(options);
  if (!twin) return twin.status();
  return SelectedBackend{std::move(twin).value(), reason};
}

std::vector<BackendReport> list_backends(ContextBackendProvider* gl) {
  std::vector<BackendReport> reports;
  reports.push_back({"cpu", true, true, CpuTwinBackend(0).description()});
  const std::optional<std::string> cuda_problem = cuda_unavailable_reason();
  std::string details = cuda_problem.value_or("");
  if (!cuda_problem) {
    Expected<CudaDeviceInfo> device = cuda_device_info(0);
    details = device ? describe_device(*device) : device.message();
    if (const int count = cuda_device_count(); count > 1)
      details = std::to_string(count) +
                " devices (under mpirun, each rank takes its node-local "
                "rank's, modulo the count); device 0: " +
                details;
  }
  reports.push_back({"cuda", kCudaCompiled, !cuda_problem, details});
  if (!gl) {
    reports.push_back({"gl", false, false, "not built in (no OpenGL loader or EGL at build time)"});
    return reports;
  }
  const ContextBackendOffer offer = gl->offer();
  reports.push_back(
      {"gl", true, offer.available,
       offer.available && !offer.hardware
           ? offer.details + " (software: auto passes it over; asked for by name, gl runs on it)"
           : offer.details});
  return reports;
}

}  // namespace gs
