// The JSON object of one diagnostic, shared by the json and json-lines formats.
#pragma once

#include <nlohmann/json.hpp>

#include "analyzer/source_file.h"
#include "rules/diagnostic.h"

namespace forklift::cli {

// {"code", "message", "severity", "filename", "location": {"row", "column"},
//  "end_location", "fix": {"applicability", "message", "reason", "edits": [...]} | null,
//  "cost": {...} | null}; rows and columns 1-based, columns in bytes.
nlohmann::ordered_json diagnostic_json(const SourceFile& file, const Diagnostic& diagnostic);

}  // namespace forklift::cli
