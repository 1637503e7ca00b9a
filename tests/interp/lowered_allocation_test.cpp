// Memory per command: a loop of simple commands, assignments and
// expansions reuses the argument vectors, field buffers and variable
// values of the previous round instead of allocating new ones. Counted by
// replacing the global operator new of this test program.
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include <catch2/catch.hpp>

#include "interp/shell.h"

namespace {
std::atomic<long> allocations{0};
}  // namespace

// Every unaligned form is replaced, so that each allocation is freed by
// its own allocator (also under AddressSanitizer, which checks the pairs).
void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

// Allocations of one round of `body`, from the difference between 200 and
// 1200 rounds (what is allocated once, lowering included, cancels out).
double allocations_per_round(const std::string& body) {
  auto count = [&](int rounds) {
    std::string script = "i=0; while (( i < " + std::to_string(rounds) + " )); do " + body + "; (( i++ )); done";
    forklift::interp::Shell shell;
    long before = allocations.load();
    CHECK(shell.run_script("alloc.ksh", script, {}) == 0);
    return allocations.load() - before;
  };
  count(10);  // first use of static tables
  long few = count(200);
  long many = count(1200);
  return static_cast<double>(many - few) / 1000.0;
}

}  // namespace

TEST_CASE("builtins with literal and variable arguments allocate nothing per round") {
  CHECK(allocations_per_round(": one two three four five six seven eight nine ten") == 0);
  CHECK(allocations_per_round("x=abc; : $x \"$x\" ${x} \"a-$x-b\" $i") == 0);
}

TEST_CASE("assignments of literals, variables and arithmetic allocate nothing per round") {
  CHECK(allocations_per_round("x=short; y=$x; z=\"$x.$y\"; n=$((i * 2)); m=$n") == 0);
}
