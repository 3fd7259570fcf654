// The conformance session on a real GL driver (--gl): the matrix's scenarios drawn by the driver, the reference as ever.
#include <mutex>

#include "../gl_worker.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/sample.h"
#include "conformance_device.h"

namespace clampler::conformance {
namespace {

class gl_session final : public device_session {
public:
   explicit gl_session(std::unique_ptr<gl_worker_client> gl) : gl_(std::move(gl)) {}

   // "GL " first, so expected-failure entries written for a Vulkan device of the same name
   // (lavapipe calls itself llvmpipe too) never match a GL driver's cases.
   std::string device_name() const override { return "GL " + gl_->renderer(); }

   case_runner runner_for(const std::string &screen) override {
      case_runner r;
      r.expected = [](const std::string &t) { return sample_scenario_reference(t); };
      r.serial = true;
      r.no_query_reason = "the query group runs on the Vulkan device (clampler query --device); a GL driver's "
                          "queries are piglit's (bash scripts/clampler.sh piglit --list piglit/query-tests.txt)";
      r.no_raster_reason = "the raster group draws through clampler's Vulkan layer; a GL driver's rasterizer tests "
                           "are piglit's (bash scripts/clampler.sh piglit --list piglit/raster-tests.txt)";
      if (!screen.empty()) {
         r.got = [screen](const std::string &) -> ojson {
            throw scenario_error("the " + screen + " screen simulates a capability of clampler's Vulkan layer; a GL "
                                 "driver has no such switch");
         };
         return r;
      }
      r.got = [this](const std::string &t) {
         std::lock_guard<std::mutex> lock(mutex_);  // one GL context, one run at a time
         return gl_->sample(t);  // a driver crash is this case's crash; the next case gets a new process
      };
      r.explain = [](const std::string &t) { return "  " + explain_scenario(t).dump(); };
      return r;
   }

private:
   std::unique_ptr<gl_worker_client> gl_;
   std::mutex mutex_;
};

}  // namespace

std::unique_ptr<device_session> open_gl_session(const std::string &driver, std::string *error) {
   std::unique_ptr<gl_worker_client> gl = gl_worker_client::start(driver, error);
   if (!gl)
      return nullptr;
   return std::make_unique<gl_session>(std::move(gl));
}

}  // namespace clampler::conformance
