// The clampler command line's shared conventions: --help spellings and usage errors that point at --help.
#pragma once

#include <iostream>
#include <string>

namespace clampler::cli {

// Exit status of a usage error (a bad command, flag or argument count).
constexpr int kUsageError = 2;

inline bool is_help(const std::string &arg) { return arg == "--help" || arg == "-h"; }

// Prints "clampler CMD: WHAT (see 'clampler CMD --help')" on standard error; returns kUsageError.
inline int usage_error(const std::string &cmd, const std::string &what) {
   std::cerr << "clampler " << cmd << ": " << what << " (see 'clampler " << cmd << " --help')\n";
   return kUsageError;
}

}  // namespace clampler::cli
