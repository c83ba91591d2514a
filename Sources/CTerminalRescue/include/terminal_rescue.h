/* Gives the terminal back when the process dies of a fatal signal: the one piece of
 * coinboard that runs inside a signal handler, so it is written in C with only
 * async-signal-safe calls (write, tcsetattr, sigaction, raise) on prepared bytes. */
#ifndef CTERMINALRESCUE_H
#define CTERMINALRESCUE_H

#include <stddef.h>

/* Saves the modes of the terminal on `fd` as they are now (call before the terminal is put
 * in full-screen mode). Returns 0, or -1 when `fd` is not a terminal. */
int tr_save_modes(int fd);

/* Arms the rescue: on SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE or SIGQUIT the handler
 * writes `restore` (the bytes that leave full-screen mode, at most 512) to the terminal,
 * restores the saved modes, writes one line naming the signal to standard error (and
 * `log_path`, if not NULL, gets the line and a backtrace), then ends the process with that
 * same signal so the exit status stays truthful. Nothing waits for input. */
void tr_arm(const char *restore, size_t length, const char *log_path);

/* Disarms the rescue once the terminal is given back the ordinary way; the fatal signals
 * then end the process without touching the terminal. */
void tr_disarm(void);

#endif
