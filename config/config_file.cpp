#include "config/config_file.h"

#include <filesystem>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "analyzer/regular_file.h"
#include "config/path_glob.h"

namespace fs = std::filesystem;

namespace forklift {
namespace {

// A problem at a place in the config file.
struct ConfigError {
  toml::source_position where;
  std::string what;
};

std::string located(const std::string& path, const toml::source_position& where, std::string_view what) {
  return fmt::format("{}:{}:{}: {}", path, where.line, where.column, what);
}

std::optional<ConfigError> read_codes(const toml::node& node, std::string_view key, std::vector<std::string>& out) {
  const toml::array* array = node.as_array();
  if (array == nullptr) return ConfigError{node.source().begin, fmt::format("`{}` must be an array of rule codes", key)};
  for (const toml::node& element : *array) {
    const auto* code = element.as_string();
    if (code == nullptr) return ConfigError{element.source().begin, fmt::format("`{}` must hold strings", key)};
    if (!is_valid_selector(code->get())) {
      return ConfigError{element.source().begin, fmt::format("unknown rule selector `{}` in `{}`", code->get(), key)};
    }
    out.push_back(code->get());
  }
  return std::nullopt;
}

std::optional<ConfigError> read_shell(const toml::node& node, Config& config) {
  const auto* name = node.as_string();
  std::optional<Dialect> dialect = name ? dialect_from_name(name->get()) : std::nullopt;
  if (!dialect) return ConfigError{node.source().begin, "`shell` must be one of sh, bash, ksh, mksh (or an alias such as dash)"};
  config.shell = dialect;
  return std::nullopt;
}

std::optional<ConfigError> read_per_file_ignores(const toml::node& node, Config& config) {
  const toml::table* table = node.as_table();
  if (table == nullptr) return ConfigError{node.source().begin, "`per-file-ignores` must be a table of glob = [codes]"};
  for (const auto& [glob, codes] : *table) {
    PerFileIgnore entry{std::string(glob.str()), {}};
    if (auto error = read_codes(codes, "per-file-ignores", entry.codes)) return error;
    config.per_file_ignores.push_back(std::move(entry));
  }
  return std::nullopt;
}

std::optional<ConfigError> read_setting(std::string_view key, const toml::node& node, Config& config) {
  if (key == "select") {
    config.select.emplace();
    return read_codes(node, key, *config.select);
  }
  if (key == "extend-select") return read_codes(node, key, config.extend_select);
  if (key == "ignore") return read_codes(node, key, config.ignore);
  if (key == "shell") return read_shell(node, config);
  if (key == "per-file-ignores") return read_per_file_ignores(node, config);
  if (key == "unsafe-fixes") {
    const auto* flag = node.as_boolean();
    if (flag == nullptr) return ConfigError{node.source().begin, "`unsafe-fixes` must be true or false"};
    config.unsafe_fixes = flag->get();
    return std::nullopt;
  }
  return ConfigError{node.source().begin,
                     fmt::format("unknown key `{}` (expected select, extend-select, ignore, shell, per-file-ignores, unsafe-fixes)", key)};
}

// A configuration file is small; anything far larger is not one.
constexpr uint64_t kMaxConfigBytes = 16u << 20;

std::string slurp(const std::string& path, std::string& error) {
  RegularFileRead read = read_regular_file(path, kMaxConfigBytes);
  if (!read.text) {
    error = fmt::format("{}: cannot read config file: {}", path, read.reason);
    return {};
  }
  return std::move(*read.text);
}

std::string generic(const fs::path& path) { return path.lexically_normal().generic_string(); }

}  // namespace

ConfigLoad parse_config(std::string_view text, const std::string& path) {
  Config config;
  config.path = path;
  config.directory = generic(fs::absolute(fs::path(path)).parent_path());
  toml::table table;
  try {
    table = toml::parse(text, path);
  } catch (const toml::parse_error& error) {
    return {std::nullopt, located(path, error.source().begin, error.description())};
  }
  for (const auto& [key, node] : table) {
    if (auto error = read_setting(key.str(), node, config)) return {std::nullopt, located(path, error->where, error->what)};
  }
  return {std::move(config), {}};
}

ConfigLoad load_config(const std::string& path) {
  std::string error;
  std::string text = slurp(path, error);
  if (!error.empty()) return {std::nullopt, error};
  return parse_config(text, path);
}

const std::vector<std::string>& config_file_names() {
  static const std::vector<std::string> names = {"forklift.toml", ".forklift.toml"};
  return names;
}

std::optional<std::string> find_config(const std::string& directory) {
  std::error_code ignored;
  fs::path dir = fs::absolute(fs::path(directory.empty() ? "." : directory), ignored).lexically_normal();
  while (true) {
    for (const std::string& name : config_file_names()) {
      if (fs::is_regular_file(dir / name, ignored)) return generic(dir / name);
    }
    if (!dir.has_relative_path()) return std::nullopt;  // reached the root
    dir = dir.parent_path();
  }
}

std::vector<std::string> Config::ignores_for(std::string_view file_path) const {
  std::vector<std::string> codes;
  if (per_file_ignores.empty()) return codes;
  std::string absolute = generic(fs::absolute(fs::path(file_path)));
  std::string relative = generic(fs::path(absolute).lexically_relative(directory.empty() ? fs::current_path() : fs::path(directory)));
  std::string name = fs::path(absolute).filename().string();
  for (const PerFileIgnore& entry : per_file_ignores) {
    bool by_name = entry.pattern.find('/') == std::string::npos;
    if (glob_match(entry.pattern, by_name ? name : relative)) codes.insert(codes.end(), entry.codes.begin(), entry.codes.end());
  }
  return codes;
}

bool is_valid_selector(std::string_view selector) {
  if (selector == "ALL") return true;
  if (!selector.starts_with("FL")) return false;
  selector.remove_prefix(2);
  for (char c : selector) {
    if (c < '0' || c > '9') return false;
  }
  return selector.size() <= 3;
}

}  // namespace forklift
