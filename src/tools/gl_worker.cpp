// The GL worker process and its client: length-prefixed scenario texts in, sample outputs or errors out.
#include "gl_worker.h"

#include "clampler/tools/raster_case.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "clampler/tools/sample.h"
#include "gl_runner.h"

namespace clampler {
namespace {

// Message kinds: a request or a result (0), a scenario_error (1), any other error (2).
constexpr uint8_t kOk = 0, kRefused = 1, kError = 2;
constexpr int kRequestFd = 3, kReplyFd = 4;

bool write_all(int fd, const void *data, size_t n) {
   const char *p = static_cast<const char *>(data);
   while (n > 0) {
      const ssize_t w = write(fd, p, n);
      if (w < 0 && errno == EINTR)
         continue;
      if (w <= 0)
         return false;
      p += w;
      n -= static_cast<size_t>(w);
   }
   return true;
}

bool read_all(int fd, void *data, size_t n) {
   char *p = static_cast<char *>(data);
   while (n > 0) {
      const ssize_t r = read(fd, p, n);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         return false;
      p += r;
      n -= static_cast<size_t>(r);
   }
   return true;
}

bool send(int fd, uint8_t kind, const std::string &text) {
   const uint32_t n = static_cast<uint32_t>(text.size());
   return write_all(fd, &kind, 1) && write_all(fd, &n, 4) && write_all(fd, text.data(), n);
}

bool receive(int fd, uint8_t *kind, std::string *text) {
   uint32_t n = 0;
   if (!read_all(fd, kind, 1) || !read_all(fd, &n, 4))
      return false;
   text->resize(n);
   return n == 0 || read_all(fd, text->data(), n);
}

std::string self_exe() {
   char exe[4096] = {};
   const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
   return n > 0 ? std::string(exe, static_cast<size_t>(n)) : std::string("clampler");
}

}  // namespace

std::unique_ptr<gl_worker_client> gl_worker_client::start(const std::string &driver, std::string *error) {
   std::unique_ptr<gl_worker_client> c(new gl_worker_client);
   c->driver_ = driver;
   if (!c->spawn(error))
      return nullptr;
   return c;
}

gl_worker_client::~gl_worker_client() { stop(); }

void gl_worker_client::stop() {
   if (to_ >= 0)
      close(to_);  // the worker's read ends: it exits
   if (from_ >= 0)
      close(from_);
   if (pid_ > 0)
      waitpid(pid_, nullptr, 0);
   pid_ = to_ = from_ = -1;
}

bool gl_worker_client::spawn(std::string *error) {
   int req[2], rep[2];
   if (pipe2(req, O_CLOEXEC) != 0 || pipe2(rep, O_CLOEXEC) != 0) {
      *error = std::string("cannot create the GL worker's pipes: ") + std::strerror(errno);
      return false;
   }
   const std::string exe = self_exe();
   const pid_t pid = fork();
   if (pid < 0) {
      *error = std::string("cannot start the GL worker: ") + std::strerror(errno);
      return false;
   }
   if (pid == 0) {
      // The child: fds 3 and 4 are the pipes, the driver's chatter goes nowhere.
      // Out of the way first (a pipe may itself be fd 3 or 4), then into place without CLOEXEC.
      const int in = fcntl(req[0], F_DUPFD, 10), out = fcntl(rep[1], F_DUPFD, 10);
      if (in < 0 || out < 0 || dup2(in, kRequestFd) < 0 || dup2(out, kReplyFd) < 0)
         _exit(127);
      const int null = open("/dev/null", O_WRONLY);
      if (null >= 0) {
         dup2(null, 1);
         dup2(null, 2);
      }
      execl(exe.c_str(), exe.c_str(), "__gl-worker", driver_.c_str(), static_cast<char *>(nullptr));
      _exit(127);
   }
   close(req[0]);
   close(rep[1]);
   pid_ = pid;
   to_ = req[1];
   from_ = rep[0];
   signal(SIGPIPE, SIG_IGN);  // a dead worker is seen as EOF, not a signal to this process
   uint8_t kind = kError;
   std::string text;
   if (!receive(from_, &kind, &text)) {
      stop();
      *error = "the GL worker exited before opening a GL context (the driver crashed while loading?)";
      return false;
   }
   if (kind != kOk) {
      stop();
      *error = text;
      return false;
   }
   renderer_ = text;
   return true;
}

nlohmann::ordered_json gl_worker_client::sample(const std::string &text) {
   std::string error;
   if (pid_ < 0 && !spawn(&error))
      throw std::runtime_error("cannot restart the GL worker: " + error);
   uint8_t kind = kError;
   std::string reply;
   if (!send(to_, kOk, text) || !receive(from_, &kind, &reply)) {
      int status = 0;
      const pid_t pid = pid_;
      close(to_);
      close(from_);
      waitpid(pid, &status, 0);
      pid_ = to_ = from_ = -1;
      std::string how = "exited";
      if (WIFSIGNALED(status))
         how = std::string("was killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
      else if (WIFEXITED(status))
         how = "exited with status " + std::to_string(WEXITSTATUS(status));
      throw gl_driver_crash("the GL driver " + how + " while running this scenario (its process is restarted)");
   }
   if (kind == kRefused)
      throw scenario_error(reply);
   if (kind != kOk)
      throw std::runtime_error(reply);
   return nlohmann::ordered_json::parse(reply);
}

int gl_worker_main(int argc, char **argv) {
   std::string error;
   std::unique_ptr<gl_runner> gl;
   if (argc < 3)
      error = "usage: clampler __gl-worker DRIVER (started by clampler itself)";
   else if (select_gl_driver(argv[2], &error))
      gl = open_gl_runner(&error);
   if (!gl) {
      send(kReplyFd, kError, error);
      return 1;
   }
   if (!send(kReplyFd, kOk, gl->renderer()))
      return 1;
   uint8_t kind = 0;
   std::string text;
   const char *abort_hook = std::getenv("CLAMPLER_TEST_GL_WORKER_ABORT");
   while (receive(kRequestFd, &kind, &text)) {
      if (abort_hook && std::string(abort_hook) == "1")
         std::abort();
      bool ok = true;
      try {
         // A raster case has a "draw"; anything else is a sampling scenario.
         const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text, nullptr, false);
         const bool raster = doc.is_object() && doc.contains("draw");
         ok = send(kReplyFd, kOk, (raster ? raster_case_gl(text, *gl) : sample_scenario_gl(text, *gl)).dump());
      } catch (const scenario_error &e) {
         ok = send(kReplyFd, kRefused, e.what());
      } catch (const std::exception &e) {
         ok = send(kReplyFd, kError, e.what());
      }
      if (!ok)
         return 1;
   }
   return 0;
}

}  // namespace clampler
