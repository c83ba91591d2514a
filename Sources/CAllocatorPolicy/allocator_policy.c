#include "allocator_policy.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int ap_fix_allocator_thresholds(void) {
#if defined(__GLIBC__)
    if (mallopt(M_MMAP_THRESHOLD, 256 * 1024) != 1) return -1;
    if (mallopt(M_TRIM_THRESHOLD, 128 * 1024) != 1) return -1;
    return 0;
#else
    return -1;
#endif
}
