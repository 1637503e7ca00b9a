#include <catch2/catch.hpp>

#include "analyzer/dialect.h"

using forklift::detect_dialect;
using forklift::Dialect;
using forklift::DialectSource;

TEST_CASE("shebang lines name the dialect", "[dialect]") {
  CHECK(detect_dialect("x", "#!/bin/sh\n").dialect == Dialect::Sh);
  CHECK(detect_dialect("x", "#!/bin/dash -e\n").dialect == Dialect::Sh);
  CHECK(detect_dialect("x", "#!/usr/bin/env bash\n").dialect == Dialect::Bash);
  CHECK(detect_dialect("x", "#!/usr/bin/env -S ksh93 -p\n").dialect == Dialect::Ksh);
  CHECK(detect_dialect("x", "#! /bin/ksh\n").dialect == Dialect::Ksh);
  CHECK(detect_dialect("x", "#!/bin/mksh").dialect == Dialect::Mksh);
  CHECK(detect_dialect("x", "#!/bin/bash").source == DialectSource::Shebang);
}

TEST_CASE("strength: override, directive, shebang, extension, default", "[dialect]") {
  const char* both = "#!/bin/bash\n# forklift: shell=ksh\necho\n";
  CHECK(detect_dialect("a.sh", both).dialect == Dialect::Ksh);
  CHECK(detect_dialect("a.sh", both).source == DialectSource::Directive);
  CHECK(detect_dialect("a.sh", both, Dialect::Sh).dialect == Dialect::Sh);
  CHECK(detect_dialect("a.ksh", "#!/bin/bash\n").dialect == Dialect::Bash);
  CHECK(detect_dialect("a.ksh", "echo\n").dialect == Dialect::Ksh);
  CHECK(detect_dialect("a.sh", "echo\n").dialect == Dialect::Sh);
  CHECK(detect_dialect("script", "echo\n").source == DialectSource::Default);
}

TEST_CASE("a directive after the first command is ignored", "[dialect]") {
  CHECK(detect_dialect("x", "echo\n# forklift: shell=ksh\n").source == DialectSource::Default);
}
