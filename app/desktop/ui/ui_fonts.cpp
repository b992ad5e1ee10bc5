// The UI's fonts (ui_fonts.h).
#include "ui_fonts.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <set>
#include <string>

#include "font_files.h"

namespace gs::app {
namespace {

constexpr float kLargeTimes = 2.0f;
constexpr float kNumbersTimes = 1.5f;

// Once per file and run (the fonts are rebuilt at every change of size): why it is not used.
void note_unusable_font(const std::string& message) {
  static std::set<std::string> noted;
  if (noted.insert(message).second)
    std::cerr << "grayscott: " << message << "; the UI uses ImGui's built-in font\n";
}

// The file's font, or ImGui's own where it is missing or damaged: its tables are checked first,
// since ImGui's stb_truetype trusts them (a cut file was an assertion, or a read past its end).
ImFont* add_font(ImFontAtlas& atlas, const char* name, float px) {
  Expected<std::string> bytes = read_font_file(font_file(name));
  if (bytes) {
    // The atlas owns and frees the copy it is given.
    void* data = IM_ALLOC(bytes->size());
    std::memcpy(data, bytes->data(), bytes->size());
    if (ImFont* font = atlas.AddFontFromMemoryTTF(data, int(bytes->size()), px)) return font;
  } else if (bytes.message().find("is missing") == std::string::npos) {
    note_unusable_font(bytes.message());  // a missing font is the built-in one without a word
  }
  ImFontConfig config;
  config.SizePixels = px;
  return atlas.AddFontDefault(&config);
}

}  // namespace

UiFonts build_ui_fonts(float text_px, const ImGuiStyle& base, float audience_px) {
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  atlas.Clear();
  UiFonts fonts;
  fonts.text_px = text_px;
  fonts.audience_px = audience_px;
  fonts.text = add_font(atlas, kSansFontName, text_px);
  fonts.large = add_font(atlas, kSansFontName, std::max(kLargeTimes * text_px, audience_px));
  fonts.numbers = add_font(atlas, kMonoFontName, std::max(kNumbersTimes * text_px, audience_px));
  atlas.Build();
  ImGui::GetIO().FontDefault = fonts.text;
  ImGui::GetIO().FontGlobalScale = 1.0f;
  ImGuiStyle& style = ImGui::GetStyle();
  style = base;
  style.ScaleAllSizes(text_px / 13.0f);
  return fonts;
}

}  // namespace gs::app
