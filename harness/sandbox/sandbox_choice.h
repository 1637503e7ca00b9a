// Which sandbox confines the scripts that verify and bench run: namespaces
// made directly (user, PID, mount and network), or bubblewrap where the
// kernel refuses unprivileged user namespaces, or none when asked.
#pragma once

#include <string>
#include <string_view>

namespace forklift::harness {

enum class SandboxKind {
  Namespaces,  // this process makes the namespaces itself
  Bubblewrap,  // bwrap makes them (a setuid bwrap works where user namespaces are refused)
  None,        // --no-sandbox: the script runs with the caller's full rights
};

std::string_view sandbox_name(SandboxKind kind);  // "namespaces", "bubblewrap", "none"

struct SandboxChoice {
  SandboxKind kind = SandboxKind::None;
  std::string bwrap;    // the bwrap program, for Bubblewrap
  std::string prlimit;  // util-linux's prlimit, which sets the limits inside bubblewrap's sandbox
  std::string setpriv;  // util-linux's setpriv, under root only: the script leaves root inside bubblewrap's sandbox
  std::string error;  // why no sandbox can be had; kind is meaningless then
};

// What this machine offers, probed once.
struct SandboxProbe {
  std::string namespaces_refused;  // why the namespaces cannot be made; empty when they can
  std::string bwrap;               // a bwrap that ran a trivial command; empty when none
  std::string prlimit;             // the prlimit it ran that command with
  std::string setpriv;             // and the setpriv, under root
};
const SandboxProbe& probe_sandboxes();

// The sandbox for `requested` ("auto", "namespaces", "bubblewrap", "none"),
// given what `probe` found: auto takes the namespaces, else bubblewrap, else
// fails saying what to install or to pass.
SandboxChoice choose_sandbox(std::string_view requested, const SandboxProbe& probe);

}  // namespace forklift::harness
