// Which picture formats are read, told by their first bytes before any decoder sees them: PNG,
// JPEG, BMP, GIF, binary PNM (P5, P6) and TGA (which has no signature: what stb_image takes for
// one). The other formats the distribution's stb_image decodes (Photoshop, Radiance HDR, Softimage
// PIC) are refused by name: they are not ours to promise, and a crafted HDR loops forever in it.
// Once a header has been read, its declared size is checked against the bytes the file holds, so
// a header with no pixels behind it is "malformed", not a black picture.
#pragma once

#include <string>

#include "gs/status.h"

namespace gs::app {

enum class PictureFormat { Png, Jpeg, Bmp, Gif, Pnm, Tga };

// The formats read, for messages: "PNG, JPEG, BMP, GIF, TGA or PNM".
extern const char* const kPictureFormatNames;

// The format the bytes begin as (Tga where no signature matches), or a one-line refusal naming
// the picture for a format that is not read.
Expected<PictureFormat> picture_format(const std::string& bytes, const std::string& name);

// The most scans a JPEG may have: a progressive one has about ten.
inline constexpr int kMaxJpegScans = 100;

// Fails, naming the picture, where a JPEG has more than kMaxJpegScans scans, or `bytes` are too few
// to hold the pixels the header declares (width x height, `channels` a pixel) in any encoding the
// format has: a file cut short, or a header alone.
Status check_pixels_present(PictureFormat format, const std::string& bytes, long width, long height,
                            int channels, const std::string& name);

}  // namespace gs::app
