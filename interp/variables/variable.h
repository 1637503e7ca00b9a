// A shell variable: scalar value, attributes and (optionally) array elements.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <absl/container/btree_map.h>

namespace forklift::interp {

enum VarAttr : uint32_t {
  kAttrExport = 1u << 0,
  kAttrReadonly = 1u << 1,
  kAttrInteger = 1u << 2,
  kAttrFloatE = 1u << 3,  // typeset -E: %g style
  kAttrFloatF = 1u << 4,  // typeset -F: fixed precision
  kAttrUpper = 1u << 5,
  kAttrLower = 1u << 6,
  kAttrNameref = 1u << 7,
  kAttrIndexed = 1u << 8,
  kAttrAssoc = 1u << 9,
  kAttrDynamic = 1u << 10,  // RANDOM, SECONDS, LINENO: computed on read
  kAttrCompound = 1u << 11,  // typeset -C: members are the variables NAME.member
  // Arrays of compound variables: element K is the compound variable named
  // NAME[K] (K evaluated for an indexed array); its slot in ArrayData is empty.
  kAttrCompoundElements = 1u << 12,  // some element is compound
  kAttrCompoundArray = 1u << 13,     // declared with typeset -C (shown by typeset -p)
  kAttrDiscipline = 1u << 14,        // has discipline functions (interp/discipline.cpp)
  kAttrTagged = 1u << 15,            // typeset -t: only shown by typeset
  kAttrHostName = 1u << 16,          // typeset -H: a no-op on POSIX systems, only shown
  kAttrFloatX = 1u << 17,            // typeset -X: hexadecimal floating point (%a)
};

inline constexpr uint32_t kAttrFloat = kAttrFloatE | kAttrFloatF | kAttrFloatX;
inline constexpr uint32_t kAttrNumeric = kAttrInteger | kAttrFloat;

// Elements of an indexed (sparse) or associative array; associative keys
// iterate in byte order, as ksh93 does.
struct ArrayData {
  absl::btree_map<int64_t, std::string> indexed;
  absl::btree_map<std::string, std::string> assoc;
};

struct Variable {
  uint32_t attrs = 0;
  int precision = -1;  // -F/-E digits, -i base; -1 = default
  char justify = 0;    // typeset -L / -R / -Z
  int width = 0;
  bool is_set = false;  // scalar (or element 0) holds a value
  std::string value;
  std::unique_ptr<ArrayData> array;
  // Namerefs: the scope depth where the target was found when the reference was made.
  int nameref_scope = 0;
  // The in-process subshell (epoch) whose journal already holds this variable's old value.
  uint64_t saved_epoch = 0;

  Variable() = default;
  Variable(const Variable& other) { *this = other; }
  Variable(Variable&&) noexcept = default;
  Variable& operator=(Variable&&) noexcept = default;
  Variable& operator=(const Variable& other) {
    if (this == &other) return *this;
    attrs = other.attrs;
    precision = other.precision;
    justify = other.justify;
    width = other.width;
    is_set = other.is_set;
    value = other.value;
    array = other.array ? std::make_unique<ArrayData>(*other.array) : nullptr;
    nameref_scope = other.nameref_scope;
    saved_epoch = other.saved_epoch;
    return *this;
  }

  bool is_array() const { return (attrs & (kAttrIndexed | kAttrAssoc)) != 0; }
  bool is_assoc() const { return (attrs & kAttrAssoc) != 0; }
  bool is_nameref() const { return (attrs & kAttrNameref) != 0; }
  ArrayData& elements() {
    if (!array) array = std::make_unique<ArrayData>();
    return *array;
  }
  // Number of elements that hold a value (a scalar counts as one).
  size_t element_count() const;
};

}  // namespace forklift::interp
