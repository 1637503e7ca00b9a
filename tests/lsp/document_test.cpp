#include <catch2/catch.hpp>

#include "lsp/document_store.h"

using namespace forklift::lsp;

namespace {

DidChangeTextDocumentParams change(int64_t version, std::vector<TextDocumentContentChangeEvent> changes) {
  return {"file:///w/a.sh", version, std::move(changes)};
}

}  // namespace

TEST_CASE("incremental changes apply in order, each against the previous text", "[lsp][document]") {
  DocumentStore store;
  store.open({"file:///w/a.sh", "shellscript", 1, "echo one\necho two\n"});
  auto replacements =
      store.change(change(2, {{Range{{0, 5}, {0, 8}}, "1"}, {Range{{1, 5}, {1, 8}}, "2"}}), PositionEncoding::Utf16);
  REQUIRE(replacements.has_value());
  REQUIRE(replacements->size() == 2);
  CHECK((*replacements)[1].begin == 12);
  CHECK((*replacements)[1].end == 15);
  CHECK_FALSE((*replacements)[1].whole_document);
  const Document* doc = store.find("file:///w/a.sh");
  CHECK(doc->file()->text() == "echo 1\necho 2\n");
  CHECK(doc->version() == 2);
  CHECK(doc->file()->path() == "/w/a.sh");
}

TEST_CASE("a change without a range replaces the whole text, and insertions and deletions work", "[lsp][document]") {
  DocumentStore store;
  store.open({"untitled:1", "sh", 1, "x"});
  DidChangeTextDocumentParams params{"untitled:1", 2, {{std::nullopt, "a\nb"}}};
  CHECK(store.change(params, PositionEncoding::Utf8)->front().whole_document);
  params = {"untitled:1", 3, {{Range{{1, 0}, {1, 0}}, "new "}, {Range{{0, 0}, {1, 0}}, ""}}};
  store.change(params, PositionEncoding::Utf8);
  const Document* doc = store.find("untitled:1");
  CHECK(doc->file()->text() == "new b");
  CHECK(doc->file()->path() == "untitled:1");
}

TEST_CASE("ranges use the negotiated encoding around non-ASCII text", "[lsp][document]") {
  DocumentStore store;
  store.open({"file:///w/a.sh", "sh", 1, "echo \"𝄞\" x\n"});
  store.change(change(2, {{Range{{0, 10}, {0, 11}}, "y"}}), PositionEncoding::Utf16);
  CHECK(store.find("file:///w/a.sh")->file()->text() == "echo \"𝄞\" y\n");
  store.change(change(3, {{Range{{0, 12}, {0, 13}}, "z"}}), PositionEncoding::Utf8);
  CHECK(store.find("file:///w/a.sh")->file()->text() == "echo \"𝄞\" z\n");
}

TEST_CASE("snapshots stay valid while the document changes, and closed documents are gone", "[lsp][document]") {
  DocumentStore store;
  store.open({"file:///w/a.sh", "sh", 1, "old"});
  auto snapshot = store.find("file:///w/a.sh")->file();
  store.change(change(2, {{std::nullopt, "new"}}), PositionEncoding::Utf16);
  CHECK(snapshot->text() == "old");
  store.close("file:///w/a.sh");
  CHECK(store.find("file:///w/a.sh") == nullptr);
  CHECK_FALSE(store.change(change(3, {{std::nullopt, "x"}}), PositionEncoding::Utf16).has_value());
}
