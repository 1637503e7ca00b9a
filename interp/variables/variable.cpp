#include "interp/variables/variable.h"

namespace forklift::interp {

size_t Variable::element_count() const {
  if (!array) return is_set ? 1 : 0;
  return is_assoc() ? array->assoc.size() : array->indexed.size();
}

}  // namespace forklift::interp
