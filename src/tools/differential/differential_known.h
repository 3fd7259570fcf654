// The differential harness's documented deviations: lookups where clampler and Mesa differ for a reason docs/fidelity.md gives.
#pragma once

#include <string>

#include "differential.h"

namespace clampler::differential {

// The docs/fidelity.md entry that explains this lookup's verdict, or an empty id when none does.
// `d`, `r`, `l`, `s`: the device's, the reference's, llvmpipe's and softpipe's RGBA; `tol` the
// scenario's tolerance.
deviation known_deviation(const ojson &scenario, const ojson &lookup, verdict v, const ojson &d, const ojson &r,
                          const ojson &l, const ojson &s, double tol);

// A seamless depth-compare cube map filtered LINEAR: its corner texels may be compared either way
// GL allows (ref_sampler::corner_compares_each), so the device may give the reference's answer
// with the corner's three comparisons averaged instead; kCornerComparesEach names that.
bool corner_compare_may_differ(const ojson &scenario);
inline constexpr const char *kCornerComparesEach =
   "GL leaves filtered comparisons to the implementation: the device averages a seamless corner's three comparisons";

}  // namespace clampler::differential
