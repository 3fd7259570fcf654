// Device sampling's request checks: everything about a request that can be refused without the device.
#pragma once

#include <string>

#include "clampler/sample/sample_device.h"
#include "sample_upload.h"

namespace clampler::sample_internal {

// Everything about the request that can be checked without the device; *error on failure.
// `*plan` gets the upload plan of the request's format.
bool check_request(const zink_screen &screen, const sample_request &r, upload_plan *plan, std::string *error);

}  // namespace clampler::sample_internal
