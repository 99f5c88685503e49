// `heap_in_use` is `static inline` in include/CHeapInUse.h; a C target needs one source file.
#include "CHeapInUse.h"
