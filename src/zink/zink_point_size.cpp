// zink_gl_min_point_size: GL's smallest point size on the device's size grid (rule Z10).
#include "clampler/zink/zink_point_size.h"

namespace clampler {

float zink_gl_min_point_size(float device_min, float granularity) {
   if (device_min > 0.0f)
      return device_min;
   return granularity > 0.0f ? granularity : 1.0f;
}

}  // namespace clampler
