// A PNG of the field at grid resolution through the view's colormap and range, without the UI:
// the colouring and the PNG writer live in app/pictures (png_image.h), shared with
// grayscott-sheet and the batch program's sweep sheets.
#pragma once

#include "png_image.h"
