// ImGui's life beside the render surface (imgui_session.h).
#include "imgui_session.h"

#include <backends/imgui_impl_opengl3.h>

#include <cstdlib>
#include <new>

namespace gs::app {
namespace {

// ImGui asserts (an abort, no word of ours) where an allocation returns nothing, as building
// its font atlas under a memory limit does: refused, it is bad_alloc, which main() reports.
void* allocate_or_throw(std::size_t bytes, void*) {
  if (void* memory = std::malloc(bytes == 0 ? 1 : bytes)) return memory;
  throw std::bad_alloc();
}

void release(void* memory, void*) {
  std::free(memory);
}

}  // namespace

Expected<std::unique_ptr<ImGuiSession>> ImGuiSession::start(RenderSurface& surface,
                                                            const std::filesystem::path& config,
                                                            bool headless) {
  IMGUI_CHECKVERSION();
  ImGui::SetAllocatorFunctions(allocate_or_throw, release);
  ImGui::CreateContext();
  std::unique_ptr<ImGuiSession> session(new ImGuiSession(surface));
  session->ini_path_ = (config / "imgui.ini").string();
  if (headless) {
    ImGui::GetIO().IniFilename = nullptr;
    if (std::error_code error; std::filesystem::exists(session->ini_path_, error))
      ImGui::LoadIniSettingsFromDisk(session->ini_path_.c_str());
  } else {
    std::error_code ignored;
    std::filesystem::create_directories(config, ignored);
    ImGui::GetIO().IniFilename = session->ini_path_.c_str();
  }
  ImGui::StyleColorsDark();
  session->base_style_ = ImGui::GetStyle();
  surface.start_imgui();
  session->platform_ready_ = true;
  // Debian's backend loads GL itself: it dlopens libGL.so.1 and asks glXGetProcAddressARB,
  // whose glvnd stubs dispatch to whatever context is current, EGL's included.
  if (!ImGui_ImplOpenGL3_Init("#version 330 core"))
    return Error{"ImGui's OpenGL3 renderer found no OpenGL functions"};
  session->renderer_ready_ = true;
  return session;
}

ImGuiSession::~ImGuiSession() {
  if (ImGui::GetIO().IniFilename) ImGui::SaveIniSettingsToDisk(ini_path_.c_str());
  if (renderer_ready_) ImGui_ImplOpenGL3_Shutdown();
  if (platform_ready_) surface_.stop_imgui();
  ImGui::DestroyContext();
}

void ImGuiSession::set_text_px(float text_px, float audience_px) {
  if (fonts_built_ && text_px == fonts_.text_px && audience_px == fonts_.audience_px) return;
  fonts_ = build_ui_fonts(text_px, base_style_, audience_px);
  if (fonts_built_) {  // the first atlas is uploaded by the renderer's first frame
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  fonts_built_ = true;
}

void ImGuiSession::begin_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  surface_.new_imgui_frame();
  ImGui::NewFrame();
}

void ImGuiSession::end_frame() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace gs::app
