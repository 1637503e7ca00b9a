#include <catch2/catch.hpp>

#include "lsp/uri.h"

using namespace forklift::lsp;

TEST_CASE("file URIs map to paths with percent-decoding", "[lsp][uri]") {
  CHECK(path_from_uri("file:///home/u/a%20b.sh") == "/home/u/a b.sh");
  CHECK(path_from_uri("file://localhost/x.ksh") == "/x.ksh");
  CHECK(path_from_uri("file:///bad%zz") == "/bad%zz");
  CHECK_FALSE(path_from_uri("untitled:Untitled-1").has_value());
  CHECK_FALSE(path_from_uri("file://server/share/x.sh").has_value());
}

TEST_CASE("paths map to file URIs and back", "[lsp][uri]") {
  CHECK(uri_from_path("/w/my script#1.sh") == "file:///w/my%20script%231.sh");
  CHECK(path_from_uri(uri_from_path("/w/é x.sh")) == "/w/é x.sh");
}
