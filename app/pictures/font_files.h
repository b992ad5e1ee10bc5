// Where the DejaVu fonts are (Debian's fonts-dejavu-core): the app's UI and grayscott-sheet's
// labels draw with them. GL-free, so a program without a window can name them too.
#pragma once

namespace gs::app {

inline constexpr const char* kSansFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
inline constexpr const char* kMonoFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
// The Debian package that installs both.
inline constexpr const char* kFontPackage = "fonts-dejavu-core";

}  // namespace gs::app
