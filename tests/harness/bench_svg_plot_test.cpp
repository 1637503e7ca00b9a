#include "harness/bench/svg_plot.h"

#include <cctype>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

using forklift::harness::bench::BarChart;
using forklift::harness::bench::PlotGroup;
using forklift::harness::bench::render_svg;

namespace {

// A crude XML reader, enough to check that the document is well-formed
// (tags nest and match, attributes are quoted, & only starts an entity) and
// to look at its elements.
struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // the element's own character data, entities decoded
};

class XmlReader {
 public:
  explicit XmlReader(const std::string& doc) : doc_(doc) {}

  std::vector<Element> read() {
    if (doc_.compare(0, 5, "<?xml") == 0) pos_ = doc_.find("?>") + 2;
    size_t roots = 0;
    while (pos_ < doc_.size()) {
      if (doc_[pos_] != '<') {
        std::string text = character_data();
        if (open_.empty() && text.find_first_not_of(" \n") != std::string::npos) fail("text outside the root");
        if (!open_.empty()) elements_[open_.back()].text += text;
        continue;
      }
      if (doc_.compare(pos_, 2, "</") == 0) {
        pos_ += 2;
        std::string name = word();
        expect('>');
        if (open_.empty() || elements_[open_.back()].name != name) fail("unmatched </" + name + ">");
        open_.pop_back();
        continue;
      }
      ++pos_;
      if (open_.empty()) ++roots;
      Element e;
      e.name = word();
      while (skip_space(), doc_[pos_] != '>' && doc_[pos_] != '/') {
        std::string attribute = word();
        expect('=');
        expect('"');
        size_t end = doc_.find('"', pos_);
        if (end == std::string::npos) fail("unterminated attribute");
        std::string raw = doc_.substr(pos_, end - pos_);
        if (raw.find('<') != std::string::npos) fail("< in an attribute");
        e.attributes[attribute] = decode(raw);
        pos_ = end + 1;
      }
      elements_.push_back(e);
      if (doc_[pos_] == '/') {
        ++pos_;
        expect('>');
      } else {
        expect('>');
        open_.push_back(elements_.size() - 1);
      }
    }
    if (!open_.empty()) fail("unclosed <" + elements_[open_.back()].name + ">");
    if (roots != 1) fail("not exactly one root element");
    return elements_;
  }

 private:
  [[noreturn]] void fail(const std::string& why) {
    throw std::runtime_error(why + " at offset " + std::to_string(pos_));
  }
  void skip_space() {
    while (pos_ < doc_.size() && std::isspace(static_cast<unsigned char>(doc_[pos_]))) ++pos_;
  }
  void expect(char c) {
    if (pos_ >= doc_.size() || doc_[pos_] != c) fail(std::string("expected ") + c);
    ++pos_;
  }
  std::string word() {
    size_t start = pos_;
    while (pos_ < doc_.size() && (std::isalnum(static_cast<unsigned char>(doc_[pos_])) || doc_[pos_] == '-' ||
                                  doc_[pos_] == ':' || doc_[pos_] == '_')) {
      ++pos_;
    }
    if (start == pos_) fail("expected a name");
    return doc_.substr(start, pos_ - start);
  }
  std::string character_data() {
    size_t end = doc_.find('<', pos_);
    std::string raw = doc_.substr(pos_, end - pos_);
    pos_ = end == std::string::npos ? doc_.size() : end;
    return decode(raw);
  }
  std::string decode(const std::string& raw) {
    static const std::map<std::string, char> entities{
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    std::string out;
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      size_t semicolon = raw.find(';', i);
      auto entity = semicolon == std::string::npos ? entities.end() : entities.find(raw.substr(i + 1, semicolon - i - 1));
      if (entity == entities.end()) fail("a bare &");
      out += entity->second;
      i = semicolon;
    }
    return out;
  }

  const std::string& doc_;
  size_t pos_ = 0;
  std::vector<Element> elements_;
  std::vector<size_t> open_;
};

BarChart two_shells() {
  BarChart chart;
  chart.title = "run2_slow.ksh: original vs rewritten";
  chart.unit = "ms";
  chart.note = "whiskers: min & max";
  chart.groups.push_back(PlotGroup{"ksh93", {6471, 6400, 6600}, {78, 75, 80}, "83.0x faster"});
  chart.groups.push_back(PlotGroup{"forklift", {4000, 3900, 4100}, {20, 19, 22}, "200.0x faster"});
  return chart;
}

std::vector<const Element*> with_class(const std::vector<Element>& elements, const std::string& cls) {
  std::vector<const Element*> found;
  for (const Element& e : elements) {
    auto it = e.attributes.find("class");
    if (it != e.attributes.end() && it->second == cls) found.push_back(&e);
  }
  return found;
}

}  // namespace

TEST_CASE("the bar chart is one well-formed svg element") {
  std::vector<Element> elements = XmlReader(render_svg(two_shells())).read();
  REQUIRE(!elements.empty());
  CHECK(elements[0].name == "svg");
  CHECK(elements[0].attributes.at("xmlns") == "http://www.w3.org/2000/svg");
}

TEST_CASE("the bar chart has a bar per shell and variant and the taller bar for the original") {
  std::vector<Element> elements = XmlReader(render_svg(two_shells())).read();
  auto before = with_class(elements, "bar before");
  auto after = with_class(elements, "bar after");
  REQUIRE(before.size() == 2);
  REQUIRE(after.size() == 2);
  for (size_t i = 0; i < 2; ++i) {
    CHECK(std::stod(before[i]->attributes.at("height")) > std::stod(after[i]->attributes.at("height")));
    // Both bars of a group stand on the same baseline.
    double before_bottom = std::stod(before[i]->attributes.at("y")) + std::stod(before[i]->attributes.at("height"));
    double after_bottom = std::stod(after[i]->attributes.at("y")) + std::stod(after[i]->attributes.at("height"));
    CHECK(before_bottom == Approx(after_bottom));
  }
  CHECK(std::stod(before[0]->attributes.at("height")) > std::stod(before[1]->attributes.at("height")));
}

TEST_CASE("the bar chart labels the shells and the speedups and the axis") {
  std::vector<Element> elements = XmlReader(render_svg(two_shells())).read();
  auto labels = with_class(elements, "label");
  REQUIRE(labels.size() == 2);
  CHECK(labels[0]->text == "ksh93");
  CHECK(labels[1]->text == "forklift");
  auto annotations = with_class(elements, "annotation");
  REQUIRE(annotations.size() == 2);
  CHECK(annotations[0]->text == "83.0x faster");
  REQUIRE(with_class(elements, "axis-title").size() == 1);
  CHECK(with_class(elements, "axis-title")[0]->text == "median time (ms)");
  CHECK(with_class(elements, "axis").size() == 2);
  REQUIRE(with_class(elements, "note").size() == 1);
  CHECK(with_class(elements, "note")[0]->text == "whiskers: min & max");
}

TEST_CASE("the bar chart escapes its texts") {
  BarChart chart = two_shells();
  chart.title = "a<b & \"c\" 'd'";
  chart.groups[0].label = "</text><script>";
  std::string svg = render_svg(chart);
  CHECK(svg.find("<script>") == std::string::npos);
  std::vector<Element> elements = XmlReader(svg).read();
  CHECK(with_class(elements, "title")[0]->text == "a<b & \"c\" 'd'");
  CHECK(with_class(elements, "label")[0]->text == "</text><script>");
}

TEST_CASE("a bar chart without values still has an axis") {
  BarChart chart;
  chart.title = "nothing measured";
  chart.unit = "ms";
  chart.groups.push_back(PlotGroup{"ksh93", {0, 0, 0}, {0, 0, 0}, ""});
  std::vector<Element> elements = XmlReader(render_svg(chart)).read();
  CHECK(with_class(elements, "bar before").size() == 1);
  CHECK(with_class(elements, "annotation").empty());
}
