// The device check's EGL and CUDA-GL interop probe, built and run by preflight
// (tests/gpu/preflight-probes.sh) so that the app's EGL runs and its interop path are skipped
// with a reason in a second, not failed after the build. It does what the headless app does on
// its interop path: an OpenGL context on EGL's device platform, made current with no surface
// (app/desktop/gl/egl_context.cpp), one pixel buffer, and that buffer registered with CUDA,
// mapped and given back (app/desktop/transfer/interop_buffer.cpp). Every call is checked; each
// half prints one line, naming the failing call and its error:
//   egl: ok: EGL device 0 (CUDA device 0), OpenGL 4.6.0 NVIDIA 580.65, NVIDIA H200
//   egl: unusable: eglInitialize failed: EGL_NOT_INITIALIZED
//   interop: ok: cudaGraphicsGLRegisterBuffer, map and unmap on CUDA device 0
//   interop: refused: cudaGraphicsGLRegisterBuffer failed: cudaErrorUnknown (unknown error)
//   interop: no CUDA device: cudaGetDeviceCount failed: cudaErrorInsufficientDriver (...)
// Exit status: 0 both work, 1 EGL unusable, 2 interop refused, 3 no CUDA device.
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Failure {
  std::string message;
};

std::string hex(unsigned value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%04X", value);
  return text;
}

// "CALL failed: EGL_ERROR_NAME", from EGL's error for this thread.
std::string egl_failed(const std::string& call) {
  const EGLint code = eglGetError();
  constexpr std::pair<EGLint, const char*> kNames[] = {{EGL_NOT_INITIALIZED, "EGL_NOT_INITIALIZED"},
                                                       {EGL_BAD_ACCESS, "EGL_BAD_ACCESS"},
                                                       {EGL_BAD_ALLOC, "EGL_BAD_ALLOC"},
                                                       {EGL_BAD_ATTRIBUTE, "EGL_BAD_ATTRIBUTE"},
                                                       {EGL_BAD_CONFIG, "EGL_BAD_CONFIG"},
                                                       {EGL_BAD_CONTEXT, "EGL_BAD_CONTEXT"},
                                                       {EGL_BAD_DISPLAY, "EGL_BAD_DISPLAY"},
                                                       {EGL_BAD_MATCH, "EGL_BAD_MATCH"},
                                                       {EGL_BAD_PARAMETER, "EGL_BAD_PARAMETER"},
                                                       {EGL_BAD_DEVICE_EXT, "EGL_BAD_DEVICE_EXT"}};
  for (const auto& [known, name] : kNames)
    if (known == code) return call + " failed: " + name;
  return call + " failed: EGL error " + hex(unsigned(code));
}

std::string cuda_failed(const char* call, cudaError_t code) {
  return std::string(call) + " failed: " + cudaGetErrorName(code) + " (" +
         cudaGetErrorString(code) + ")";
}

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(list, name); at; at = std::strstr(at + 1, name))
    if ((at == list || at[-1] == ' ') && (at[length] == ' ' || at[length] == '\0')) return true;
  return false;
}

struct Egl {
  PFNEGLQUERYDEVICESEXTPROC query_devices = nullptr;
  PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string = nullptr;
  PFNEGLQUERYDEVICEATTRIBEXTPROC query_device_attrib = nullptr;
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display = nullptr;
};

// The device platform's entry points, or why there are none.
Egl device_platform() {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!client) throw Failure{egl_failed("eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)")};
  if (!has_extension(client, "EGL_EXT_device_enumeration") &&
      !has_extension(client, "EGL_EXT_device_base"))
    throw Failure{
        "EGL has no EGL_EXT_device_enumeration (no vendor library: NVIDIA's is "
        "libEGL_nvidia.so.0, Mesa's libEGL_mesa.so.0)"};
  for (const char* needed : {"EGL_EXT_platform_device", "EGL_EXT_platform_base"})
    if (!has_extension(client, needed)) throw Failure{std::string("EGL has no ") + needed};
  Egl egl;
  egl.query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  egl.query_device_string = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(
      eglGetProcAddress("eglQueryDeviceStringEXT"));
  egl.query_device_attrib = reinterpret_cast<PFNEGLQUERYDEVICEATTRIBEXTPROC>(
      eglGetProcAddress("eglQueryDeviceAttribEXT"));
  egl.get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!egl.query_devices || !egl.get_platform_display)
    throw Failure{"eglGetProcAddress found no eglQueryDevicesEXT or eglGetPlatformDisplayEXT"};
  return egl;
}

// The CUDA device an EGL device is (NVIDIA's EGL_NV_device_cuda), else -1.
int cuda_device_of(const Egl& egl, EGLDeviceEXT device) {
  EGLAttrib cuda = -1;
  if (!egl.query_device_string || !egl.query_device_attrib ||
      !has_extension(egl.query_device_string(device, EGL_EXTENSIONS), "EGL_NV_device_cuda") ||
      !egl.query_device_attrib(device, EGL_CUDA_DEVICE_NV, &cuda))
    return -1;
  return int(cuda);
}

// A display on `device` with a 4.5 (else 3.3) core context current and no surface.
void make_current(const Egl& egl, EGLDeviceEXT device) {
  EGLDisplay display = egl.get_platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  if (display == EGL_NO_DISPLAY) throw Failure{egl_failed("eglGetPlatformDisplayEXT")};
  if (!eglInitialize(display, nullptr, nullptr)) throw Failure{egl_failed("eglInitialize")};
  if (!has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context"))
    throw Failure{"the display has no EGL_KHR_surfaceless_context"};
  if (!eglBindAPI(EGL_OPENGL_API)) throw Failure{egl_failed("eglBindAPI(EGL_OPENGL_API)")};
  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                           EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  if (!eglChooseConfig(display, wanted, &config, 1, &count))
    throw Failure{egl_failed("eglChooseConfig")};
  if (count == 0) config = EGL_NO_CONFIG_KHR;  // rendering goes to an FBO either way
  EGLContext context = EGL_NO_CONTEXT;
  for (const EGLint major : {4, 3}) {
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                 major,
                                 EGL_CONTEXT_MINOR_VERSION,
                                 major == 4 ? 5 : 3,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
    context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
    if (context != EGL_NO_CONTEXT) break;
  }
  if (context == EGL_NO_CONTEXT) throw Failure{egl_failed("eglCreateContext (OpenGL 4.5 or 3.3)")};
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    throw Failure{egl_failed("eglMakeCurrent (no surface)")};
}

// The first device (NVIDIA's first) that gives a context; its number and CUDA device.
std::pair<int, int> open_context() {
  const Egl egl = device_platform();
  EGLint count = 0;
  if (!egl.query_devices(0, nullptr, &count)) throw Failure{egl_failed("eglQueryDevicesEXT")};
  std::vector<EGLDeviceEXT> devices(std::size_t(count > 0 ? count : 0));
  if (count > 0 && !egl.query_devices(count, devices.data(), &count))
    throw Failure{egl_failed("eglQueryDevicesEXT")};
  if (count <= 0) throw Failure{"eglQueryDevicesEXT lists no devices"};
  std::vector<int> order;
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < count; ++i)
      if ((cuda_device_of(egl, devices[i]) >= 0) == (pass == 0)) order.push_back(i);
  std::string reasons;
  for (const int i : order) {
    try {
      make_current(egl, devices[i]);
      return {i, cuda_device_of(egl, devices[i])};
    } catch (const Failure& failure) {
      reasons += (reasons.empty() ? "" : "; ") + ("EGL device " + std::to_string(i) + ": ") +
                 failure.message;
    }
  }
  throw Failure{reasons};
}

GLuint one_buffer() {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 4096, nullptr, GL_STREAM_DRAW);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  if (const GLenum error = glGetError(); error != GL_NO_ERROR || buffer == 0)
    throw Failure{"glGenBuffers/glBufferData failed: GL error " + hex(error)};
  return buffer;
}

void check(const char* call, cudaError_t code) {
  if (code != cudaSuccess) throw Failure{cuda_failed(call, code)};
}

// The app's interop calls on one buffer, in its order; the CUDA device they ran on. The
// resource is given back on failure too.
int register_and_map(GLuint buffer, int cuda_device) {
  unsigned gl_devices = 0;
  int devices[8] = {};
  // As the app does (gpu_pairing.h): where cudaGLGetDevices cannot say, the EGL device's own CUDA
  // device is trusted; only where neither says is there no device to register for.
  const cudaError_t listed = cudaGLGetDevices(&gl_devices, devices, 8, cudaGLDeviceListAll);
  if (listed != cudaSuccess) cudaGetLastError();  // not sticky: the register below still runs
  if (cuda_device < 0) {
    check("cudaGLGetDevices", listed);
    if (gl_devices == 0) throw Failure{"cudaGLGetDevices: no CUDA device drives the GL context"};
    cuda_device = devices[0];
  }
  check("cudaSetDevice", cudaSetDevice(cuda_device));
  cudaGraphicsResource_t resource = nullptr;
  check("cudaGraphicsGLRegisterBuffer",
        cudaGraphicsGLRegisterBuffer(&resource, buffer, cudaGraphicsRegisterFlagsWriteDiscard));
  try {
    check("cudaGraphicsMapResources", cudaGraphicsMapResources(1, &resource, nullptr));
    void* data = nullptr;
    std::size_t bytes = 0;
    cudaError_t code = cudaGraphicsResourceGetMappedPointer(&data, &bytes, resource);
    if (code == cudaSuccess) code = cudaMemset(data, 0, bytes);
    const cudaError_t unmapped = cudaGraphicsUnmapResources(1, &resource, nullptr);
    check("cudaGraphicsResourceGetMappedPointer/cudaMemset", code);
    check("cudaGraphicsUnmapResources", unmapped);
  } catch (const Failure&) {
    cudaGraphicsUnregisterResource(resource);
    throw;
  }
  check("cudaGraphicsUnregisterResource", cudaGraphicsUnregisterResource(resource));
  return cuda_device;
}

}  // namespace

int main() {
  std::pair<int, int> device;
  GLuint buffer = 0;
  try {
    device = open_context();
    buffer = one_buffer();
    const char* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const std::string cuda =
        device.second >= 0 ? "CUDA device " + std::to_string(device.second) : "not a CUDA device";
    std::printf("egl: ok: EGL device %d (%s), OpenGL %s, %s\n", device.first, cuda.c_str(),
                version ? version : "?", renderer ? renderer : "?");
  } catch (const Failure& failure) {
    std::printf("egl: unusable: %s\n", failure.message.c_str());
    return 1;
  }
  int count = 0;
  if (const cudaError_t code = cudaGetDeviceCount(&count); code != cudaSuccess || count == 0) {
    const std::string why = code != cudaSuccess ? cuda_failed("cudaGetDeviceCount", code)
                                                : "cudaGetDeviceCount: 0 devices";
    std::printf("interop: no CUDA device: %s\n", why.c_str());
    return 3;
  }
  try {
    const int used = register_and_map(buffer, device.second);
    glDeleteBuffers(1, &buffer);
    std::printf("interop: ok: cudaGraphicsGLRegisterBuffer, map and unmap on CUDA device %d\n",
                used);
  } catch (const Failure& failure) {
    // Mesa's context on the GPU machine means NVIDIA's EGL was not found.
    const char* hint =
        device.second < 0 ? " (the EGL device is not NVIDIA's: is libEGL_nvidia found?)" : "";
    std::printf("interop: refused: %s%s\n", failure.message.c_str(), hint);
    return 2;
  }
  return 0;
}
