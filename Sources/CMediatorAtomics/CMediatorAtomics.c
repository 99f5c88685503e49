// The operations are `static inline` in include/CMediatorAtomics.h; this file defines the one
// global they share.
#include "CMediatorAtomics.h"

uintptr_t mediator_retirement_count = 0;
