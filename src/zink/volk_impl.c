/* volk's implementation, compiled once for the zink layer. */
#define VOLK_IMPLEMENTATION
#include <volk.h>
