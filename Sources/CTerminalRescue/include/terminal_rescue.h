/* Fatal signals end coinboard at once, with one line saying which, and give the terminal back
 * first if the dashboard holds it. The one piece of coinboard that runs inside a signal
 * handler, so it is C with only async-signal-safe calls (write, tcsetattr, sigaction, raise)
 * on bytes prepared beforehand. It replaces the Swift runtime's crash handler, which on a
 * terminal waits for a key over a garbled screen. */
#ifndef CTERMINALRESCUE_H
#define CTERMINALRESCUE_H

#include <stddef.h>

/* Installs the handler for SIGILL and SIGTRAP (Swift runtime traps), SIGSEGV, SIGBUS,
 * SIGABRT, SIGFPE and SIGQUIT. It writes "coinboard: stopped by SIGABRT (signal 6)" to
 * standard error and a backtrace to the log (or, with no log and no terminal armed, to
 * standard error), then ends the process with the same signal so the exit status stays
 * truthful. Nothing waits for input. `log_path` may be NULL; a later call changes it. */
void tr_install(const char *log_path);

/* Saves the modes of the terminal on `fd` as they are now (before ncurses changes them), and
 * keeps a duplicate of `fd` for the rescue: when it runs, `fd` itself is pointed at /dev/null
 * first, so a frame another thread is still drawing cannot land after the restore.
 * Returns 0, or -1 when `fd` is not a terminal. */
int tr_save_modes(int fd);

/* Arms the terminal rescue: before its line, the handler writes `restore` (the bytes that
 * leave full-screen mode, at most 512) to the terminal and restores the saved modes. */
void tr_arm(const char *restore, size_t length);

/* Disarms the terminal rescue once the terminal is given back the ordinary way. */
void tr_disarm(void);

#endif
