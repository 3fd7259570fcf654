// The conformance session on a real GL driver (--gl): the matrix's scenarios drawn by the driver, the reference as ever.
#include <mutex>

#include "../gl_worker.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/sample.h"
#include "conformance_device.h"

namespace clampler::conformance {
namespace {

class gl_session final : public device_session {
public:
   gl_session(std::unique_ptr<gl_worker_client> gl, bool quads_follow) : gl_(std::move(gl)), quads_follow_(quads_follow) {}

   // "GL " first, so expected-failure entries written for a Vulkan device of the same name
   // (lavapipe calls itself llvmpipe too) never match a GL driver's cases.
   std::string device_name() const override { return "GL " + gl_->renderer(); }

   case_runner runner_for(const std::string &screen) override {
      case_runner r;
      r.expected = [](const std::string &t) { return sample_scenario_reference(t); };
      r.serial = true;
      r.no_query_reason = "the query group runs on the Vulkan device (clampler query --device); a GL driver's "
                          "queries are piglit's (bash scripts/clampler.sh piglit --list piglit/query-tests.txt)";
      if (!screen.empty()) {
         const std::string why =
            "the " + screen + " screen simulates a capability of clampler's Vulkan layer; a GL driver has no such switch";
         r.got = [why](const std::string &) -> ojson { throw scenario_error(why); };
         r.no_raster_reason = why;
         return r;
      }
      // Raster cases: the driver draws them (FBO cases; window ones skip), the reference is told
      // the driver's GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION.
      r.raster_expected = [q = quads_follow_](const std::string &t) { return raster_case_reference(t, q); };
      r.raster_got = [this](const std::string &t) {
         std::lock_guard<std::mutex> lock(mutex_);
         return gl_->sample(t);
      };
      r.got = [this](const std::string &t) {
         std::lock_guard<std::mutex> lock(mutex_);  // one GL context, one run at a time
         ojson out = gl_->sample(t);  // a driver crash is this case's crash; the next case gets a new process
         // A case is judged whole: one lookup GLSL cannot express skips it, with the reason.
         if (out.contains("not_run"))
            throw scenario_error(std::to_string(out["not_run"].size()) + " of the case's lookups cannot run on a GL "
                                 "driver: " + out["not_run"][0]["why"].get<std::string>());
         return out;
      };
      r.explain = [](const std::string &t) { return "  " + explain_scenario(t).dump(); };
      return r;
   }

private:
   std::unique_ptr<gl_worker_client> gl_;
   bool quads_follow_;
   std::mutex mutex_;
};

}  // namespace

std::unique_ptr<device_session> open_gl_session(const std::string &driver, std::string *error) {
   std::unique_ptr<gl_worker_client> gl = gl_worker_client::start(driver, error);
   if (!gl)
      return nullptr;
   // The driver's GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, from one small raster case.
   bool quads_follow = false;
   try {
      const ojson probe = gl->sample(R"({"rasterizer": {"framebuffer": {"fbo": true}}, "draw": {"prim": "GL_TRIANGLES",
         "size": [4, 4], "vertices": [{"clip": [-1, -1, 0]}, {"clip": [3, -1, 0]}, {"clip": [-1, 3, 0]}]},
         "lookups": [{"pixel": [0, 0]}]})");
      quads_follow = probe.value("quads_follow", false);
   } catch (const std::exception &) {
      // A driver that cannot draw the probe skips the raster cases by their own errors.
   }
   return std::make_unique<gl_session>(std::move(gl), quads_follow);
}

}  // namespace clampler::conformance
