// The UI's fonts (ui_fonts.h).
#include "ui_fonts.h"

#include <filesystem>

#include "font_files.h"

namespace gs::app {
namespace {

constexpr const char* kSans = kSansFontFile;
constexpr const char* kMono = kMonoFontFile;
constexpr float kLargeTimes = 2.0f;
constexpr float kNumbersTimes = 1.5f;

ImFont* add_font(ImFontAtlas& atlas, const char* file, float px) {
  std::error_code error;
  if (std::filesystem::is_regular_file(file, error))
    if (ImFont* font = atlas.AddFontFromFileTTF(file, px)) return font;
  ImFontConfig config;
  config.SizePixels = px;
  return atlas.AddFontDefault(&config);
}

}  // namespace

UiFonts build_ui_fonts(float text_px, const ImGuiStyle& base) {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  atlas.Clear();
  UiFonts fonts;
  fonts.text_px = text_px;
  fonts.text = add_font(atlas, kSans, text_px);
  fonts.large = add_font(atlas, kSans, kLargeTimes * text_px);
  fonts.numbers = add_font(atlas, kMono, kNumbersTimes * text_px);
  atlas.Build();
  ImGui::GetIO().FontDefault = fonts.text;
  ImGui::GetIO().FontGlobalScale = 1.0f;
  ImGuiStyle& style = ImGui::GetStyle();
  style = base;
  style.ScaleAllSizes(text_px / 13.0f);
  return fonts;
}

}  // namespace gs::app
