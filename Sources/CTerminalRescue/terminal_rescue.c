#define _GNU_SOURCE
#include "terminal_rescue.h"

#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum { restore_capacity = 512, max_frames = 64 };

static const int fatal_signals[] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGQUIT };
static const size_t fatal_count = sizeof fatal_signals / sizeof fatal_signals[0];

static struct termios saved_modes;
/* The terminal's descriptor as the dashboard draws on it, a private duplicate of it for the
 * rescue, and /dev/null to put in the first one's place. */
static volatile sig_atomic_t drawing_fd = -1;
static volatile sig_atomic_t terminal_fd = -1;
static volatile sig_atomic_t null_fd = -1;
static volatile sig_atomic_t armed = 0;
static volatile sig_atomic_t log_fd = -1;
static char restore_bytes[restore_capacity];
static size_t restore_length = 0;
static char alternate_stack[64 * 1024];

/* Writes every byte, blocking: the terminal's file description may have been made
 * non-blocking (it is shared with the input side), and a full terminal buffer must not cut the
 * restore short. */
static void write_all(int fd, const char *bytes, size_t length) {
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && (flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    int interruptions = 0;
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR && interruptions++ < 100) continue;
        if (written <= 0) return;
        bytes += written;
        length -= (size_t)written;
    }
}

static const char *signal_name(int signal) {
    switch (signal) {
    case SIGILL: return "SIGILL (a Swift runtime trap)";
    case SIGTRAP: return "SIGTRAP (a Swift runtime trap)";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    case SIGQUIT: return "SIGQUIT";
    default: return "a fatal signal";
    }
}

/* "coinboard: stopped by SIGABRT (signal 6)\n" into `line`, without stdio. */
static size_t describe(int signal, char *line, size_t capacity) {
    const char *parts[] = { "coinboard: stopped by ", signal_name(signal), " (signal " };
    size_t length = 0;
    for (size_t part = 0; part < 3; part++) {
        for (const char *c = parts[part]; *c != '\0' && length < capacity - 8; c++) line[length++] = *c;
    }
    char digits[4];
    size_t count = 0;
    int value = signal;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0 && count < sizeof digits);
    while (count > 0) line[length++] = digits[--count];
    line[length++] = ')';
    line[length++] = '\n';
    return length;
}

static void rescue(int signal) {
    int terminal_was_armed = armed;
    if (armed) {
        armed = 0;
        /* Other threads run on while this one handles the signal: a frame being drawn must not
         * land after the restore, so their descriptor now leads to /dev/null. */
        if (null_fd >= 0) dup2(null_fd, drawing_fd);
        write_all(terminal_fd, restore_bytes, restore_length);
        /* A frame whose write had begun before that may still be going out behind the restore
         * (the terminal takes a large write in pieces): once it has, restore again. */
        struct timespec pause = { .tv_sec = 0, .tv_nsec = 100 * 1000 * 1000 };
        nanosleep(&pause, NULL);
        write_all(terminal_fd, restore_bytes, restore_length);
        tcsetattr(terminal_fd, TCSAFLUSH, &saved_modes);
    }
    char line[128];
    size_t length = describe(signal, line, sizeof line);
    write_all(STDERR_FILENO, line, length);
    int trace_fd = log_fd >= 0 ? log_fd : (terminal_was_armed ? -1 : STDERR_FILENO);
    if (trace_fd >= 0) {
        if (trace_fd != STDERR_FILENO) write_all(trace_fd, line, length);
        void *frames[max_frames];
        int depth = backtrace(frames, max_frames);
        backtrace_symbols_fd(frames, depth, trace_fd);
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    raise(signal);
}

void tr_install(const char *log_path) {
    if (log_path != NULL) {
        int fd = open(log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        int previous = log_fd;
        log_fd = fd;
        if (previous >= 0) close(previous);
    }
    static int installed = 0;
    if (installed) return;
    installed = 1;
    /* The first backtrace() loads the unwinder, which allocates: do it now, not in the handler. */
    void *warm[1];
    backtrace(warm, 1);
    stack_t stack = { .ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0 };
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rescue;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < fatal_count; index++) sigaddset(&action.sa_mask, fatal_signals[index]);
    for (size_t index = 0; index < fatal_count; index++) sigaction(fatal_signals[index], &action, NULL);
}

int tr_save_modes(int fd) {
    if (tcgetattr(fd, &saved_modes) != 0) return -1;
    if (terminal_fd < 0) terminal_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (null_fd < 0) null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    drawing_fd = fd;
    return terminal_fd >= 0 ? 0 : -1;
}

void tr_arm(const char *restore, size_t length) {
    if (terminal_fd < 0) return;
    restore_length = length < restore_capacity ? length : restore_capacity;
    memcpy(restore_bytes, restore, restore_length);
    armed = 1;
}

void tr_disarm(void) {
    armed = 0;
}
