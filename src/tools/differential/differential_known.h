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

}  // namespace clampler::differential
