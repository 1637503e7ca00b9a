#include "harness/bench/statistics.h"

#include <algorithm>

#include <catch2/catch.hpp>

using forklift::harness::bench::interleaved_trials;
using forklift::harness::bench::speedup;
using forklift::harness::bench::summarize;
using forklift::harness::bench::Summary;
using forklift::harness::bench::Trial;

TEST_CASE("summary of an odd number of samples") {
  Summary s = summarize({5, 1, 4, 2, 3});
  CHECK(s.count == 5);
  CHECK(s.median == 3);
  CHECK(s.min == 1);
  CHECK(s.max == 5);
  CHECK(s.q1 == 2);
  CHECK(s.q3 == 4);
  CHECK(s.iqr() == 2);
}

TEST_CASE("summary of an even number of samples interpolates") {
  Summary s = summarize({10, 40, 20, 30});
  CHECK(s.median == Approx(25));
  CHECK(s.q1 == Approx(17.5));
  CHECK(s.q3 == Approx(32.5));
  CHECK(s.min == 10);
  CHECK(s.max == 40);
}

TEST_CASE("summary of one sample has no spread") {
  Summary s = summarize({7});
  CHECK(s.median == 7);
  CHECK(s.iqr() == 0);
  CHECK(s.min == s.max);
}

TEST_CASE("an outlier moves the range but not the median") {
  Summary s = summarize({10, 11, 10, 12, 500});
  CHECK(s.median == 11);
  CHECK(s.max == 500);
  CHECK(s.iqr() == 2);
}

TEST_CASE("speedup divides the medians") {
  CHECK(speedup(summarize({100, 120}), summarize({2, 2})) == Approx(55));
  CHECK(speedup(summarize({100}), summarize({0})) == 0);
}

TEST_CASE("trials warm up first then alternate the order every round") {
  std::vector<Trial> trials = interleaved_trials(2, 3, 1);
  REQUIRE(trials.size() == 8);
  std::vector<size_t> order;
  for (const Trial& t : trials) order.push_back(t.variant);
  CHECK(order == std::vector<size_t>{0, 1, 1, 0, 0, 1, 1, 0});
  CHECK(trials[0].warmup);
  CHECK(trials[1].warmup);
  CHECK(std::none_of(trials.begin() + 2, trials.end(), [](const Trial& t) { return t.warmup; }));
}

TEST_CASE("every variant runs once per round") {
  std::vector<Trial> trials = interleaved_trials(3, 4, 0);
  REQUIRE(trials.size() == 12);
  for (size_t variant = 0; variant < 3; ++variant) {
    CHECK(std::count_if(trials.begin(), trials.end(), [&](const Trial& t) { return t.variant == variant; }) == 4);
  }
}
