#include "lsp/server_config.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace forklift::lsp {
namespace {

using nlohmann::json;

const json* setting(const json& settings, const char* key, json::value_t type) {
  auto it = settings.find(key);
  if (it == settings.end() || it->is_null()) return nullptr;
  bool matches = it->type() == type || (type == json::value_t::number_integer && it->is_number_integer());
  if (!matches) throw std::invalid_argument(fmt::format("setting `{}` has the wrong type", key));
  return &*it;
}

std::optional<std::vector<std::string>> string_list(const json& settings, const char* key) {
  const json* value = setting(settings, key, json::value_t::array);
  if (value == nullptr) return std::nullopt;
  std::vector<std::string> list;
  for (const json& item : *value) {
    if (!item.is_string()) throw std::invalid_argument(fmt::format("setting `{}` must be a list of strings", key));
    list.push_back(item.get<std::string>());
  }
  return list;
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

ServerConfig apply_client_settings(ServerConfig base, const json& settings) {
  if (!settings.is_object()) return base;
  if (const json* shell = setting(settings, "shell", json::value_t::string)) {
    auto dialect = dialect_from_name(shell->get<std::string>());
    if (!dialect) throw std::invalid_argument(fmt::format("setting `shell`: unknown shell `{}`", shell->get<std::string>()));
    base.overrides.shell = dialect;
  }
  SettingsOverrides& overrides = base.overrides;
  if (auto select = string_list(settings, "select")) overrides.select = std::move(*select);
  if (auto extend_select = string_list(settings, "extendSelect")) overrides.extend_select = std::move(*extend_select);
  if (auto ignore = string_list(settings, "ignore")) overrides.ignore = std::move(*ignore);
  if (const json* unsafe = setting(settings, "unsafeFixes", json::value_t::boolean)) overrides.unsafe_fixes = unsafe->get<bool>();
  if (const json* debounce = setting(settings, "debounceMs", json::value_t::number_integer)) {
    base.debounce = std::chrono::milliseconds(std::clamp<int64_t>(debounce->get<int64_t>(), 0, 5000));
  }
  if (const json* url = setting(settings, "docsUrl", json::value_t::string)) base.docs_url_template = url->get<std::string>();
  return base;
}

std::string docs_url(const ServerConfig& config, std::string_view code, std::string_view name) {
  std::string url = config.docs_url_template;
  replace_all(url, "{code}", code);
  replace_all(url, "{name}", name);
  return url;
}

}  // namespace forklift::lsp
