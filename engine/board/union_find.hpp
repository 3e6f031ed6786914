// A disjoint-set forest over cells 0 .. n-1 with path halving and union by size, for
// connection games (which cells form one group).
#pragma once

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace scribe::engine::board {

class UnionFind {
 public:
  // Makes n singleton sets.
  explicit UnionFind(int n)
      : parent_(static_cast<std::size_t>(n)), size_(static_cast<std::size_t>(n), 1) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }

  // Returns the representative of x's set.
  int find(int x) {
    while (parent_[static_cast<std::size_t>(x)] != x) {
      int& p = parent_[static_cast<std::size_t>(x)];
      p = parent_[static_cast<std::size_t>(p)];
      x = p;
    }
    return x;
  }

  // Joins the sets of a and b; returns the new representative.
  int unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return a;
    if (size_[static_cast<std::size_t>(a)] < size_[static_cast<std::size_t>(b)]) std::swap(a, b);
    parent_[static_cast<std::size_t>(b)] = a;
    size_[static_cast<std::size_t>(a)] += size_[static_cast<std::size_t>(b)];
    return a;
  }

  // Returns whether a and b are in one set.
  bool same(int a, int b) { return find(a) == find(b); }

 private:
  std::vector<int> parent_;
  std::vector<int> size_;
};

}  // namespace scribe::engine::board
