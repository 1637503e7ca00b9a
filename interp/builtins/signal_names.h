// Signal names as trap and kill spell them (HUP or SIGHUP, and the
// pseudo-signals EXIT, ERR and DEBUG), and numbers in their place.
#pragma once

#include <string>

namespace forklift::interp {

// The number NAME stands for (also a number written out), or -1.
int signal_number(const std::string& name);

// The name without SIG: EXIT for 0, ERR and DEBUG for the pseudo-signals.
std::string signal_name(int number);

}  // namespace forklift::interp
