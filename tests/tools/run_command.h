// Test helper: runs a shell command and returns its exit status and what it printed (stdout and stderr).
#pragma once

#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace clampler::test {

struct cmd_result {
   int status;       // the exit status, 128 when the command did not exit normally
   std::string out;  // standard output and standard error, interleaved
};

inline cmd_result run_command(const std::string &cmd) {
   FILE *p = popen((cmd + " 2>&1").c_str(), "r");
   if (!p)
      return {128, "popen failed: " + cmd};
   std::string out;
   char buf[4096];
   size_t n;
   while ((n = fread(buf, 1, sizeof buf, p)) > 0)
      out.append(buf, n);
   const int st = pclose(p);
   return {WIFEXITED(st) ? WEXITSTATUS(st) : 128, out};
}

}  // namespace clampler::test
