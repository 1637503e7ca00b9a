#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli/reporters/reporter.h"

using namespace forklift;
using namespace forklift::cli;

namespace {

// One file with a fixable warning (tab-indented, so the caret must follow the
// tab) and an info without a fix; one clean file.
struct Sample {
  SourceFile loop{"dir/loop.sh", "for i in 1 2; do\n\tx=`expr $i + 1`\ndone\n"};
  SourceFile clean{"clean.sh", "echo ok\n"};

  Report report(bool unsafe_fixes = false) const {
    Diagnostic expr{"FL101", Severity::Warning, 20, 33, "`expr` forks a process for arithmetic", std::nullopt,
                    ForkCost{1, 1, 100}};
    expr.fix = Fix{Applicability::Safe, "Replace `expr` with `$(( ))`", "", {Edit{20, 33, "$((i + 1))"}}};
    Diagnostic loop_note{"FL301", Severity::Info, 0, 3, "loop \"for\" <runs> 2 times", std::nullopt, std::nullopt};
    Report r;
    r.files.push_back({&loop, {loop_note, expr}});
    r.files.push_back({&clean, {}});
    r.unsafe_fixes = unsafe_fixes;
    return r;
  }
};

std::string render(const Reporter& reporter, const Report& report) {
  std::string out;
  reporter(report, out);
  return out;
}

std::string render(std::string_view format, const Report& report) { return render(*find_reporter(format), report); }

}  // namespace

TEST_CASE("lint reporters: every format name resolves") {
  for (std::string_view name : reporter_names()) CHECK(find_reporter(name));
  CHECK(reporter_names().size() == 10);
  CHECK_FALSE(find_reporter("xml"));
}

TEST_CASE("lint reporters: full") {
  Sample s;
  CHECK(render("full", s.report()) ==
        "info[FL301]: loop \"for\" <runs> 2 times\n"
        " --> dir/loop.sh:1:1\n"
        "  |\n"
        "1 | for i in 1 2; do\n"
        "  | ^^^\n"
        "\n"
        "warning[FL101]: `expr` forks a process for arithmetic\n"
        " --> dir/loop.sh:2:4\n"
        "  |\n"
        "2 | \tx=`expr $i + 1`\n"
        "  | \t  ^^^^^^^^^^^^^\n"
        "  = [*] fix (safe): Replace `expr` with `$(( ))`\n"
        "  - \tx=`expr $i + 1`\n"
        "  + \tx=$((i + 1))\n"
        "\n"
        "Found 2 findings in 1 file.\n"
        "[*] 1 fixable with `forklift fix`.\n");
}

TEST_CASE("lint reporters: full with colour, and unsafe fixes with their reason") {
  SourceFile file{"a.sh", "n=$(echo $x | wc -c)\n"};
  Diagnostic d{"FL205", Severity::Warning, 2, 20, "wc -c", std::nullopt, std::nullopt};
  d.fix = Fix{Applicability::Unsafe, "Use ${#x}", "wc -c counts the newline", {Edit{2, 20, "$((${#x} + 1))"}}};
  Report report;
  report.files.push_back({&file, {d}});
  std::string plain = render("full", report);
  CHECK(plain.find("  = fix (unsafe): Use ${#x}\n  = note: wc -c counts the newline\n") != std::string::npos);
  CHECK(plain.find("1 more fixable with `forklift fix --unsafe-fixes`.") != std::string::npos);
  CHECK(plain.find('\x1b') == std::string::npos);
  report.color = true;
  std::string colored = render("full", report);
  CHECK(colored.find("\x1b[1m\x1b[33mwarning[FL205]\x1b[0m") != std::string::npos);
  report.unsafe_fixes = true;
  CHECK(render("full", report).find("[*] 1 fixable with `forklift fix --unsafe-fixes`.") != std::string::npos);
}

TEST_CASE("lint reporters: full with nothing found") {
  Sample s;
  Report report;
  report.files.push_back({&s.clean, {}});
  CHECK(render("full", report) == "All checks passed!\n");
}

TEST_CASE("lint reporters: concise") {
  Sample s;
  CHECK(render("concise", s.report()) ==
        "dir/loop.sh:1:1: FL301 loop \"for\" <runs> 2 times\n"
        "dir/loop.sh:2:4: FL101 [*] `expr` forks a process for arithmetic\n"
        "Found 2 findings in 1 file.\n"
        "[*] 1 fixable with `forklift fix`.\n");
}

TEST_CASE("lint reporters: gcc") {
  Sample s;
  CHECK(render("gcc", s.report()) ==
        "dir/loop.sh:1:1: note: loop \"for\" <runs> 2 times [FL301]\n"
        "dir/loop.sh:2:4: warning: `expr` forks a process for arithmetic [FL101]\n");
}

TEST_CASE("lint reporters: github workflow commands") {
  Sample s;
  CHECK(render("github", s.report()) ==
        "::notice title=forklift (FL301),file=dir/loop.sh,line=1,col=1,endLine=1,endColumn=4::FL301 loop \"for\" <runs> 2 times\n"
        "::warning title=forklift (FL101),file=dir/loop.sh,line=2,col=4,endLine=2,endColumn=17::FL101 `expr` forks a process for arithmetic\n");
  SourceFile odd{"a,b:c.sh", "x\n"};
  Report report;
  report.files.push_back({&odd, {Diagnostic{"FL1", Severity::Error, 0, 1, "50%\nmore", std::nullopt, std::nullopt}}});
  CHECK(render("github", report) == "::error title=forklift (FL1),file=a%2Cb%3Ac.sh,line=1,col=1,endLine=1,endColumn=2::FL1 50%25%0Amore\n");
}

TEST_CASE("lint reporters: json") {
  Sample s;
  nlohmann::json json = nlohmann::json::parse(render("json", s.report()));
  REQUIRE(json.size() == 2);
  CHECK(json[0]["code"] == "FL301");
  CHECK(json[0]["fix"].is_null());
  CHECK(json[0]["severity"] == "info");
  const nlohmann::json& expr = json[1];
  CHECK(expr["filename"] == "dir/loop.sh");
  CHECK(expr["location"] == nlohmann::json{{"row", 2}, {"column", 4}});
  CHECK(expr["end_location"] == nlohmann::json{{"row", 2}, {"column", 17}});
  CHECK(expr["fix"]["applicability"] == "safe");
  CHECK(expr["fix"]["edits"][0]["content"] == "$((i + 1))");
  CHECK(expr["cost"]["estimated_forks"] == 100.0);
  Report empty;
  CHECK(render("json", empty) == "[]\n");
}

TEST_CASE("lint reporters: json-lines") {
  Sample s;
  std::string out = render("json-lines", s.report());
  CHECK(std::count(out.begin(), out.end(), '\n') == 2);
  std::string first = out.substr(0, out.find('\n'));
  CHECK(first.starts_with(R"({"code":"FL301","message":"loop \"for\" <runs> 2 times","severity":"info","filename":"dir/loop.sh",)"));
  CHECK(nlohmann::json::parse(out.substr(out.find('\n') + 1))["code"] == "FL101");
}

TEST_CASE("lint reporters: gitlab code quality") {
  Sample s;
  nlohmann::json json = nlohmann::json::parse(render("gitlab", s.report()));
  REQUIRE(json.size() == 2);
  CHECK(json[1]["check_name"] == "FL101");
  CHECK(json[1]["severity"] == "minor");
  CHECK(json[0]["severity"] == "info");
  CHECK(json[1]["location"]["path"] == "dir/loop.sh");
  CHECK(json[1]["location"]["positions"]["begin"] == nlohmann::json{{"line", 2}, {"column", 4}});
  std::string fingerprint = json[1]["fingerprint"];
  CHECK(fingerprint.size() == 16);
  CHECK(json[0]["fingerprint"] != json[1]["fingerprint"]);

  // The same finding on a moved line keeps its fingerprint; a repeat gets a new one.
  SourceFile moved{"dir/loop.sh", "\n\nfor i in 1 2; do\n\tx=`expr $i + 1`\ndone\n"};
  Diagnostic expr{"FL101", Severity::Warning, 22, 35, "`expr` forks a process for arithmetic", std::nullopt, std::nullopt};
  Report report;
  report.files.push_back({&moved, {expr, expr}});
  nlohmann::json again = nlohmann::json::parse(render("gitlab", report));
  CHECK(again[0]["fingerprint"] == fingerprint);
  CHECK(again[1]["fingerprint"] != fingerprint);
}

TEST_CASE("lint reporters: checkstyle") {
  Sample s;
  CHECK(render("checkstyle", s.report()) ==
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<checkstyle version=\"4.3\">\n"
        "  <file name=\"dir/loop.sh\">\n"
        "    <error line=\"1\" column=\"1\" severity=\"info\" message=\"loop &quot;for&quot; &lt;runs&gt; 2 times\" source=\"forklift.FL301\"/>\n"
        "    <error line=\"2\" column=\"4\" severity=\"warning\" message=\"`expr` forks a process for arithmetic\" source=\"forklift.FL101\"/>\n"
        "  </file>\n"
        "</checkstyle>\n");
}

TEST_CASE("lint reporters: junit") {
  Sample s;
  CHECK(render("junit", s.report()) ==
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"forklift\" tests=\"3\" failures=\"2\" errors=\"0\">\n"
        "  <testsuite name=\"dir/loop.sh\" tests=\"2\" failures=\"2\" errors=\"0\">\n"
        "    <testcase name=\"FL301:1:1\" classname=\"dir/loop.sh\">\n"
        "      <failure message=\"loop &quot;for&quot; &lt;runs&gt; 2 times\">dir/loop.sh:1:1: loop &quot;for&quot; &lt;runs&gt; 2 times</failure>\n"
        "    </testcase>\n"
        "    <testcase name=\"FL101:2:4\" classname=\"dir/loop.sh\">\n"
        "      <failure message=\"`expr` forks a process for arithmetic\">dir/loop.sh:2:4: `expr` forks a process for arithmetic</failure>\n"
        "    </testcase>\n"
        "  </testsuite>\n"
        "  <testsuite name=\"clean.sh\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
        "    <testcase name=\"forklift\" classname=\"clean.sh\"/>\n"
        "  </testsuite>\n"
        "</testsuites>\n");
}
