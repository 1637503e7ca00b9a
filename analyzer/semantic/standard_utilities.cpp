#include "analyzer/semantic/standard_utilities.h"

#include <algorithm>
#include <iterator>

namespace forklift {
namespace {

// Sorted, for binary search.
constexpr std::string_view kUtilities[] = {
    "awk",     "basename", "bc",       "cat",    "chgrp",    "chmod",   "chown",  "cksum",  "cmp",    "comm",
    "cp",      "cut",      "date",     "dd",     "df",       "diff",    "dirname", "du",    "env",    "expand",
    "expr",    "file",     "find",     "fold",   "getconf",  "grep",    "gzip",   "head",   "hostname", "id",
    "install", "join",     "ln",       "logger", "logname",  "ls",      "mkdir",  "mkfifo", "mktemp", "mv",
    "nice",    "nl",       "nohup",    "od",     "paste",    "patch",   "pathchk", "pr",    "ps",     "readlink",
    "realpath", "rm",      "rmdir",    "sed",    "seq",      "sh",      "sleep",  "sort",   "split",  "stat",
    "strings", "stty",     "tail",     "tar",    "tee",      "touch",   "tput",   "tr",     "tsort",  "tty",
    "uname",   "unexpand", "uniq",     "wc",     "which",    "who",     "xargs",  "zcat",
};

}  // namespace

bool is_standard_utility(std::string_view name) {
  static_assert(std::is_sorted(std::begin(kUtilities), std::end(kUtilities)));
  return std::binary_search(std::begin(kUtilities), std::end(kUtilities), name);
}

}  // namespace forklift
