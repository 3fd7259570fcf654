// The GL runner in a child process (`clampler __gl-worker`): a GL driver that crashes takes only the child down.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace clampler {

// The worker died while running a scenario (the GL driver crashed).
struct gl_driver_crash : std::runtime_error {
   using std::runtime_error::runtime_error;
};

// The parent's side. Not thread-safe: one call at a time.
class gl_worker_client {
public:
   // Starts `clampler __gl-worker DRIVER` (this executable) and waits for its GL context.
   // Null with `*error` (the worker's own message: unknown driver, no EGL, no context).
   static std::unique_ptr<gl_worker_client> start(const std::string &driver, std::string *error);
   ~gl_worker_client();

   const std::string &renderer() const { return renderer_; }
   // sample_scenario_gl in the worker. Throws scenario_error for what the runner refuses and
   // gl_driver_crash when the worker died (the driver crashed: the signal is named); the next
   // call starts a new worker.
   nlohmann::ordered_json sample(const std::string &text);

private:
   bool spawn(std::string *error);
   void stop();
   std::string driver_, renderer_;
   int pid_ = -1, to_ = -1, from_ = -1;
};

// The child: reads requests on fd 3, answers on fd 4 (stdout and stderr go to /dev/null).
// CLAMPLER_TEST_GL_WORKER_ABORT=1 makes it abort on every request (tests of the crash path).
int gl_worker_main(int argc, char **argv);

}  // namespace clampler
