#include "cli/prepared_rewrite.h"

#include <stdlib.h>

#include <cerrno>
#include <fstream>
#include <system_error>

#include <fmt/format.h>

#include "analyzer/parse_error.h"
#include "analyzer/source_file.h"
#include "cli/fix_source.h"

namespace forklift::cli {

namespace fs = std::filesystem;

RewriteDirectory::RewriteDirectory() {
  std::string pattern = (fs::temp_directory_path() / "forklift-verify-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "cannot create a temporary directory");
  }
  path_ = pattern;
}

RewriteDirectory::~RewriteDirectory() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

fs::path RewriteDirectory::write(const std::string& name, const std::string& text) {
  fs::path dir = path_ / std::to_string(written_++);
  fs::create_directory(dir);
  fs::path file = dir / name;
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

PreparedRewrite prepare_rewrite(const std::string& original, const std::optional<std::string>& fixed,
                                SettingsResolver& settings, RewriteDirectory& directory) {
  PreparedRewrite prepared;
  LoadResult loaded = load_source(original);
  if (!loaded.file) {
    prepared.error = loaded.error;
    return prepared;
  }
  std::optional<FileSettings> file_settings = settings.settings_for(original, prepared.error);
  if (!file_settings) {
    if (prepared.error.empty()) prepared.error = original + ": its configuration file is invalid";
    return prepared;
  }
  LintResult linted = linter_for(*file_settings)(*loaded.file);
  prepared.dialect = linted.dialect;
  if (!linted.parse_errors.empty()) {
    prepared.error = format_parse_error(*loaded.file, linted.parse_errors.front());
    return prepared;
  }
  if (fixed) {
    LoadResult given = load_source(*fixed);
    if (!given.file) {
      prepared.error = "--fixed " + given.error;
      return prepared;
    }
    prepared.rewritten = *fixed;
    prepared.changed = given.file->text() != loaded.file->text();
    return prepared;
  }
  FixLoopResult result = fix_source_text(*loaded.file, *file_settings);
  if (result.failure) {
    prepared.error = fmt::format("{}: internal error: the fixes of {} in round {} broke the script ({})", original,
                                 fmt::join(result.failure->codes, ", "), result.failure->round,
                                 result.failure->detail);
    return prepared;
  }
  prepared.applied = result.applied;
  prepared.changed = result.changed();
  if (!prepared.changed) return prepared;
  prepared.rewritten = directory.write(fs::path(original).filename().string(), result.text);
  return prepared;
}

}  // namespace forklift::cli
