// The operations are `static inline` in include/CMediatorAtomics.h; SwiftPM needs one source file
// to build a C target.
#include "CMediatorAtomics.h"
