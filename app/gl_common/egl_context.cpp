// EGL's device platform, step by step: the client extensions, the device list with each device's
// CUDA device (EGL_NV_device_cuda), the order to try them in (GS_EGL_DEVICE, else the wanted CUDA
// device first: gpu_pairing.h), then per device a display, an OpenGL config and context, made
// current with no surface. Every EGL call is checked; a failure is one line with the call and
// EGL's error name.
#include "egl_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

namespace gs::app {
namespace {

constexpr const char* kCannotStart = "cannot start headless OpenGL: ";

// EGL's error codes by name (eglGetError), for messages.
#define GS_EGL_ERROR(code) \
  { code, #code }
constexpr std::pair<EGLint, const char*> kEglErrors[] = {
    GS_EGL_ERROR(EGL_SUCCESS),           GS_EGL_ERROR(EGL_NOT_INITIALIZED),
    GS_EGL_ERROR(EGL_BAD_ACCESS),        GS_EGL_ERROR(EGL_BAD_ALLOC),
    GS_EGL_ERROR(EGL_BAD_ATTRIBUTE),     GS_EGL_ERROR(EGL_BAD_CONFIG),
    GS_EGL_ERROR(EGL_BAD_CONTEXT),       GS_EGL_ERROR(EGL_BAD_CURRENT_SURFACE),
    GS_EGL_ERROR(EGL_BAD_DISPLAY),       GS_EGL_ERROR(EGL_BAD_MATCH),
    GS_EGL_ERROR(EGL_BAD_NATIVE_PIXMAP), GS_EGL_ERROR(EGL_BAD_NATIVE_WINDOW),
    GS_EGL_ERROR(EGL_BAD_PARAMETER),     GS_EGL_ERROR(EGL_BAD_SURFACE),
    GS_EGL_ERROR(EGL_CONTEXT_LOST),      GS_EGL_ERROR(EGL_BAD_DEVICE_EXT)};
#undef GS_EGL_ERROR

std::string egl_error_name(EGLint code) {
  for (const auto& [known, name] : kEglErrors)
    if (known == code) return name;
  char hex[32];
  std::snprintf(hex, sizeof hex, "EGL error 0x%04X", unsigned(code));
  return hex;
}

// "CALL failed: EGL_ERROR_NAME", from EGL's error for this thread.
Error failed(const std::string& call) {
  return Error{call + " failed: " + egl_error_name(eglGetError())};
}

// Whether a space-separated extension list names `name` exactly.
bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(list, name); at; at = std::strstr(at + 1, name))
    if ((at == list || at[-1] == ' ') && (at[length] == ' ' || at[length] == '\0')) return true;
  return false;
}

// The device-platform entry points, found through the client extensions.
struct DeviceApi {
  PFNEGLQUERYDEVICESEXTPROC query_devices = nullptr;
  PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string = nullptr;  // optional (device names)
  PFNEGLQUERYDEVICEATTRIBEXTPROC query_device_attrib = nullptr;  // optional (CUDA devices)
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display = nullptr;
};

Expected<DeviceApi> device_api() {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!client) return failed("eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)");
  if (!has_extension(client, "EGL_EXT_device_enumeration") &&
      !has_extension(client, "EGL_EXT_device_base"))
    return Error{
        "EGL has no EGL_EXT_device_enumeration (is an EGL vendor library such as "
        "libegl-mesa0 installed?)"};
  for (const char* needed : {"EGL_EXT_platform_device", "EGL_EXT_platform_base"})
    if (!has_extension(client, needed)) return Error{std::string("EGL has no ") + needed};
  DeviceApi api;
  api.query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  api.query_device_string = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(
      eglGetProcAddress("eglQueryDeviceStringEXT"));
  api.query_device_attrib = reinterpret_cast<PFNEGLQUERYDEVICEATTRIBEXTPROC>(
      eglGetProcAddress("eglQueryDeviceAttribEXT"));
  api.get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!api.query_devices || !api.get_platform_display)
    return Error{"eglGetProcAddress found no eglQueryDevicesEXT or eglGetPlatformDisplayEXT"};
  return api;
}

Expected<std::vector<EGLDeviceEXT>> list_devices(const DeviceApi& api) {
  EGLint count = 0;
  if (!api.query_devices(0, nullptr, &count)) return failed("eglQueryDevicesEXT");
  std::vector<EGLDeviceEXT> devices(std::size_t(std::max(count, 0)));
  if (count > 0 && !api.query_devices(count, devices.data(), &count))
    return failed("eglQueryDevicesEXT");
  devices.resize(std::size_t(std::max(count, 0)));
  if (devices.empty()) return Error{"eglQueryDevicesEXT lists no devices"};
  return devices;
}

// GS_EGL_DEVICE=N: an index into the device list; unset or empty: every device in turn.
Expected<std::optional<std::size_t>> chosen_device(std::size_t count) {
  const char* text = std::getenv("GS_EGL_DEVICE");
  if (!text || !*text) return std::optional<std::size_t>();
  char* end = nullptr;
  const long index = std::strtol(text, &end, 10);
  if (*end != '\0' || index < 0 || std::size_t(index) >= count)
    return Error{"GS_EGL_DEVICE=" + std::string(text) + " is not a device number: EGL lists " +
                 std::to_string(count) + (count == 1 ? " device (0)" : " devices (0 to ") +
                 (count == 1 ? "" : std::to_string(count - 1) + ")")};
  return std::optional<std::size_t>(std::size_t(index));
}

std::string describe(const DeviceApi& api, EGLDeviceEXT device, std::size_t index) {
  std::string name = "EGL device " + std::to_string(index);
  if (!api.query_device_string) return name;
  const char* extensions = api.query_device_string(device, EGL_EXTENSIONS);
  if (has_extension(extensions, "EGL_MESA_device_software")) return name + " (software)";
  if (has_extension(extensions, "EGL_EXT_device_drm"))
    if (const char* node = api.query_device_string(device, EGL_DRM_DEVICE_FILE_EXT))
      return name + " (" + node + ")";
  return name;
}

// The CUDA device that `device` is, in CUDA's numbering (after CUDA_VISIBLE_DEVICES), where its
// EGL says (NVIDIA's, EGL_NV_device_cuda); nullopt for others (Mesa's) and where the query fails.
std::optional<int> cuda_device_of(const DeviceApi& api, EGLDeviceEXT device) {
  if (!api.query_device_string || !api.query_device_attrib) return std::nullopt;
  if (!has_extension(api.query_device_string(device, EGL_EXTENSIONS), "EGL_NV_device_cuda"))
    return std::nullopt;
  EGLAttrib cuda_device = -1;
  if (!api.query_device_attrib(device, EGL_CUDA_DEVICE_NV, &cuda_device) || cuda_device < 0) {
    eglGetError();  // no failure of the app's: the device is one CUDA does not name (hidden)
    return std::nullopt;
  }
  return int(cuda_device);
}

// An OpenGL config for the display: one with pbuffers (as the device platform offers), or none
// at all where EGL_KHR_no_config_context allows it. Rendering goes to an FBO either way.
Expected<EGLConfig> choose_config(EGLDisplay display) {
  const EGLint wanted[] = {EGL_SURFACE_TYPE,
                           EGL_PBUFFER_BIT,
                           EGL_RENDERABLE_TYPE,
                           EGL_OPENGL_BIT,
                           EGL_RED_SIZE,
                           8,
                           EGL_GREEN_SIZE,
                           8,
                           EGL_BLUE_SIZE,
                           8,
                           EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  if (!eglChooseConfig(display, wanted, &config, 1, &count)) return failed("eglChooseConfig");
  if (count > 0) return config;
  if (has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_no_config_context"))
    return EGLConfig(EGL_NO_CONFIG_KHR);
  return Error{"eglChooseConfig found no OpenGL config"};
}

struct Opened {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
};

// A 4.5 (else 3.3) core context on an initialised display, made current without a surface.
Expected<EGLContext> current_context(EGLDisplay display) {
  if (!has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context"))
    return Error{"the display has no EGL_KHR_surfaceless_context"};
  if (!eglBindAPI(EGL_OPENGL_API)) return failed("eglBindAPI(EGL_OPENGL_API)");
  Expected<EGLConfig> config = choose_config(display);
  if (!config) return config.status();
  EGLContext context = EGL_NO_CONTEXT;
  for (const auto& [major, minor] : {std::pair{4, 5}, std::pair{3, 3}}) {
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                 major,
                                 EGL_CONTEXT_MINOR_VERSION,
                                 minor,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
    context = eglCreateContext(display, *config, EGL_NO_CONTEXT, attributes);
    if (context != EGL_NO_CONTEXT) break;
  }
  if (context == EGL_NO_CONTEXT) return failed("eglCreateContext (OpenGL 4.5 or 3.3 core)");
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    Error error = failed("eglMakeCurrent (no surface)");
    eglDestroyContext(display, context);
    return error;
  }
  return context;
}

Expected<Opened> open_device(const DeviceApi& api, EGLDeviceEXT device) {
  Opened opened;
  opened.display = api.get_platform_display(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  if (opened.display == EGL_NO_DISPLAY) return failed("eglGetPlatformDisplayEXT");
  if (!eglInitialize(opened.display, nullptr, nullptr)) return failed("eglInitialize");
  Expected<EGLContext> context = current_context(opened.display);
  if (!context) {
    eglTerminate(opened.display);
    return context.status();
  }
  opened.context = *context;
  return opened;
}

}  // namespace

Expected<std::unique_ptr<EglContext>> EglContext::create(std::optional<int> wanted_cuda_device) {
  Expected<DeviceApi> api = device_api();
  if (!api) return Error{kCannotStart + api.message()};
  Expected<std::vector<EGLDeviceEXT>> devices = list_devices(*api);
  if (!devices) return Error{kCannotStart + devices.message()};
  Expected<std::optional<std::size_t>> chosen = chosen_device(devices->size());
  if (!chosen) return Error{kCannotStart + chosen.message()};
  std::vector<std::optional<int>> cuda_devices;
  for (EGLDeviceEXT device : *devices) cuda_devices.push_back(cuda_device_of(*api, device));

  // The first device in that order that gives a context; otherwise every device's reason.
  std::string reasons;
  const std::vector<std::size_t> order =
      egl_device_order(cuda_devices, wanted_cuda_device, *chosen);
  for (const std::size_t index : order) {
    Expected<Opened> opened = open_device(*api, (*devices)[index]);
    if (opened) {
      std::unique_ptr<EglContext> result(new EglContext());
      result->display_ = opened->display;
      result->context_ = opened->context;
      result->device_ = {describe(*api, (*devices)[index], index), cuda_devices[index]};
      return result;
    }
    const std::string reason = opened.message();
    if (order.size() == 1) {
      reasons = reason;
    } else {
      reasons +=
          (reasons.empty() ? "" : "; ") + describe(*api, (*devices)[index], index) + ": " + reason;
    }
  }
  return Error{kCannotStart + reasons};
}

EglContext::~EglContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
  eglReleaseThread();
}

void (*EglContext::proc_address(const char* name))() {
  return eglGetProcAddress(name);
}

}  // namespace gs::app
