// Work on many files spread over every core.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace forklift::cli {

// Calls fn(i) for each i in [0, count), on as many threads as there are cores
// (the calling thread is one of them). Calls for different i run
// concurrently: fn must write only what belongs to its i, and must not throw.
template <typename Fn>
void parallel_for(size_t count, Fn&& fn) {
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < count; i = next++) fn(i);
  };
  size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), count);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();
}

}  // namespace forklift::cli
