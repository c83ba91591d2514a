/* How the C library's allocator gives memory back, set once at start. glibc raises its mmap
 * threshold to the size of each large block it frees (up to 32 MiB) and then keeps twice that
 * free at the top of every arena before returning any: after one 1 MiB answer is decoded, each
 * of the dashboard's ten arenas may keep 2 MiB it no longer uses, for minutes. Fixed
 * thresholds keep what is freed from piling up. */
#ifndef CALLOCATORPOLICY_H
#define CALLOCATORPOLICY_H

/* Blocks of at least 256 KiB are mapped on their own and unmapped when freed, and an arena
 * keeps at most 128 KiB free at its top (glibc's starting values, no longer raised). A frame's
 * buffers (150–200 KiB, every frame) then come from the arena and give some pages back each
 * time: a few hundred page faults a second, well under 0.1 % of a core.
 * Returns 0, or -1 when the allocator refused (or is not glibc's, where nothing is done). */
int ap_fix_allocator_thresholds(void);

#endif
