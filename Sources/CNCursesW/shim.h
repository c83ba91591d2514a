/* ncursesw for Swift: the wide-character API, and the macros and globals Swift cannot
 * import (or, under strict concurrency, may not touch) as inline functions. */
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

/* Must precede curses.h: SwiftPM drops pkg-config's -D flags, and without these the
 * cchar_t / get_wch / add_wch API is missing. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }

/* A screen on the process's standard output and input (NULL when TERM is unknown). */
static inline SCREEN *cnc_newterm(void) { return newterm(NULL, stdout, stdin); }

static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }

/* Draws one character (given as a NUL-terminated wide string) with attributes and a colour pair. */
static inline int cnc_put(int y, int x, const wchar_t *text, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

/* A terminfo string capability of the current terminal ("rmcup", "cnorm"…), or NULL where
 * the terminal has none. */
static inline const char *cnc_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/* Whether the locale's character set is UTF-8 (call after setlocale). */
static inline int cnc_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/* Reports presses of the main button and turns of the wheel, at once: no waiting to tell a
 * click from a double click. */
static inline void cnc_enable_mouse(void) {
    mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
    mouseinterval(0);
}

/* The mouse event waiting after KEY_MOUSE: 1 a press, 2 the wheel up, 3 the wheel down, 0 anything
 * else; its cell goes to x and y. */
static inline int cnc_read_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
    if (event.bstate & BUTTON5_PRESSED) return 3;
    return 0;
}

/* The terminal's size as the kernel has it for standard output, rows times 65536 plus columns,
 * or -1 when it cannot be read: compared between polls, it tells a resize without a signal. */
static inline long cnc_window_size(void) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return -1;
    return (long)size.ws_row * 65536 + size.ws_col;
}

#endif
