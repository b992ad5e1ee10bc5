// Text for XML (the XDMF sidecars, the SVG figures): &, <, >, " and ' as entities.
#pragma once

#include <string>

namespace gs {

std::string xml_escaped(const std::string& text);

}  // namespace gs
