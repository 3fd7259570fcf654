// Names and values of GL enums as the Khronos headers define them (see khronos_values.cpp).
#pragma once

#include <vector>

struct khronos_value {
   const char *name;
   unsigned value;
};

// Every GL_* constant clampler defines in gl_enums.h and gl_formats.h, valued by the Khronos headers.
const std::vector<khronos_value> &khronos_values();
