#include "CEditLineShim.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <wchar.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <unistd.h>

EditLine *shelf_el_init(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}

int shelf_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }

int shelf_el_set_prompt(EditLine *el, shelf_prompt_fn fn, char marker) {
  return el_set(el, EL_PROMPT_ESC, fn, marker);
}


int shelf_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

void *shelf_el_get_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

int shelf_el_add_function(EditLine *el, const char *name, const char *help, shelf_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}

int shelf_el_bind(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, key, command, NULL);
}

int shelf_el_set_history(EditLine *el, History *entries) {
  return el_set(el, EL_HIST, history, entries);
}

int shelf_el_editor_is_vi(EditLine *el) {
  const char *name = NULL;
  if (el_get(el, EL_EDITOR, &name) != 0 || name == NULL) return 0;
  return strcmp(name, "vi") == 0;
}

int shelf_el_bind_alternate(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, "-a", key, command, NULL);
}

int shelf_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }

void shelf_el_write(EditLine *el, const char *text) {
  FILE *out = NULL;
  if (el_get(el, EL_GETFP, 1, &out) != 0 || out == NULL) out = stdout;
  fputs(text, out);
  fflush(out);
}

History *shelf_history_init(int size) {
  History *entries = history_init();
  if (entries == NULL) return NULL;
  HistEvent event;
  history(entries, &event, H_SETSIZE, size);
  history(entries, &event, H_SETUNIQUE, 1);
  return entries;
}

int shelf_history_enter(History *entries, const char *line) {
  HistEvent event;
  return history(entries, &event, H_ENTER, line);
}

int shelf_history_load(History *entries, const char *path) {
  HistEvent event;
  return history(entries, &event, H_LOAD, path);
}

int shelf_history_save(History *entries, const char *path) {
  HistEvent event;
  return history(entries, &event, H_SAVE, path);
}

int shelf_el_parse_line(EditLine *el, const char *line, char **message) {
  *message = NULL;
  Tokenizer *tokenizer = tok_init(NULL);
  if (tokenizer == NULL) return -1;
  int count = 0;
  const char **words = NULL;
  int status = -1;
  if (tok_str(tokenizer, line, &count, &words) == 0) {
    // What libedit says about the line (a bad key, an unknown function) is caught, so the
    // caller can name the file and line with it.
    size_t size = 0;
    FILE *said = open_memstream(message, &size);
    if (said != NULL) el_set(el, EL_SETFP, 2, said);
    status = el_parse(el, count, words);
    if (said != NULL) {
      el_set(el, EL_SETFP, 2, stderr);
      fclose(said);
    }
  }
  tok_end(tokenizer);
  return status;
}

const char *shelf_history_oldest_first(History *entries, int restart) {
  HistEvent event;
  int status = restart ? history(entries, &event, H_LAST) : history(entries, &event, H_PREV);
  return status == -1 ? NULL : event.str;
}

int shelf_terminal_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

// Set by the signal handlers, read and cleared by the key reader and the shim's callers: the
// only state a signal handler can safely share.
static volatile sig_atomic_t interrupt_flag = 0;
static volatile sig_atomic_t resize_flag = 0;
static volatile sig_atomic_t suspend_flag = 0;
static volatile sig_atomic_t continue_flag = 0;
static volatile sig_atomic_t ending_signal = 0;

// The event callback of the key reader (one line editor per process).
static shelf_event_fn shelf_on_event = NULL;

static void shelf_note_signal(int signal_number) {
  switch (signal_number) {
    case SIGINT: interrupt_flag = 1; break;
    case SIGWINCH: resize_flag = 1; break;
    case SIGTSTP: suspend_flag = 1; break;
    case SIGCONT: continue_flag = 1; break;
    default:
      // SIGTERM, SIGHUP, SIGQUIT: the first one counts; long work stops as for Ctrl-C.
      if (ending_signal == 0) ending_signal = signal_number;
      interrupt_flag = 1;
      break;
  }
}

// The signals the session handles, and those handled only while a key is awaited.
static const int session_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int key_signals[] = {SIGWINCH, SIGTSTP, SIGCONT};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
static struct sigaction saved_session[COUNT(session_signals)];
static struct sigaction saved_keys[COUNT(key_signals)];
static int session_installed = 0;

static int set_handler(int signal_number, void (*handler)(int), struct sigaction *old) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking read or wait returns EINTR
  return sigaction(signal_number, &action, old);
}

static void watched_signals(sigset_t *set) {
  sigemptyset(set);
  for (size_t i = 0; i < COUNT(session_signals); i++) sigaddset(set, session_signals[i]);
  for (size_t i = 0; i < COUNT(key_signals); i++) sigaddset(set, key_signals[i]);
}

static int event_pending(void) {
  return ending_signal != 0 || interrupt_flag || suspend_flag || continue_flag || resize_flag;
}

// Waits until stdin has a byte or a signal came. The signals are blocked while the flags are
// looked at and unblocked only inside pselect, so none can slip in between the look and the
// wait (and leave the reader asleep until the next key).
static int wait_for_input(void) {
  sigset_t watched, previous;
  watched_signals(&watched);
  sigprocmask(SIG_BLOCK, &watched, &previous);
  int ready;
  if (event_pending()) {
    ready = -1;
    errno = EINTR;
  } else {
    fd_set descriptors;
    FD_ZERO(&descriptors);
    FD_SET(STDIN_FILENO, &descriptors);
    ready = pselect(STDIN_FILENO + 1, &descriptors, NULL, NULL, NULL, &previous);
  }
  int saved = errno;
  sigprocmask(SIG_SETMASK, &previous, NULL);
  errno = saved;
  return ready;
}

// Ctrl-Z at the prompt: the terminal is given back as it was, the process stops (SIGTSTP to
// itself only, with the default action), and when it is continued the terminal is set up for
// editing again and the line redrawn.
static void suspend(EditLine *el) {
  el_set(el, EL_PREP_TERM, 0);
  struct sigaction ours;
  set_handler(SIGTSTP, SIG_DFL, &ours);
  sigset_t stop, previous;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &stop, &previous);
  kill(getpid(), SIGTSTP);
  sigprocmask(SIG_SETMASK, &previous, NULL);
  sigaction(SIGTSTP, &ours, NULL);
  el_set(el, EL_PREP_TERM, 1);
  continue_flag = 0;
  if (shelf_on_event != NULL) shelf_on_event(el, SHELF_EVENT_CONTINUED);
}

// Reads keys one byte at a time with read(2) on stdin, decoding the locale's multibyte
// characters. Between keys it acts on the signals: a resize or a continue (after someone
// else stopped the process) calls the event callback, where libedit's state is consistent; a
// Ctrl-Z suspends; a Ctrl-C or an ending signal ends el_gets (the read fails with EINTR).
static int shelf_read_key(EditLine *el, wchar_t *key) {
  char bytes[MB_LEN_MAX];
  size_t count = 0;
  mbstate_t state;
  memset(&state, 0, sizeof state);
  for (;;) {
    if (ending_signal != 0 || interrupt_flag) {
      errno = EINTR;
      return -1;
    }
    if (suspend_flag) {
      suspend_flag = 0;
      suspend(el);
      continue;
    }
    if (continue_flag) {
      continue_flag = 0;
      el_set(el, EL_PREP_TERM, 0);  // the terminal may have been changed while stopped
      el_set(el, EL_PREP_TERM, 1);
      if (shelf_on_event != NULL) shelf_on_event(el, SHELF_EVENT_CONTINUED);
      continue;
    }
    if (resize_flag) {
      resize_flag = 0;
      if (shelf_on_event != NULL) shelf_on_event(el, SHELF_EVENT_RESIZED);
      continue;
    }
    if (wait_for_input() < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    char byte;
    ssize_t got = read(STDIN_FILENO, &byte, 1);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
    if (got == 0) return 0;
    bytes[count++] = byte;
    wchar_t decoded;
    // One byte at a time: after an incomplete sequence (-2) the state holds the bytes so far,
    // so only the new one is passed (passing them all again would read as invalid).
    size_t used = mbrtowc(&decoded, &byte, 1, &state);
    if (used == (size_t)-2 && count < sizeof bytes) continue;  // more bytes to come
    if (used == (size_t)-1 || used == (size_t)-2) {
      // Not valid in this locale: pass the first byte on as is, as libedit does.
      *key = (wchar_t)(unsigned char)bytes[0];
      return 1;
    }
    *key = used == 0 ? L'\0' : decoded;
    return 1;
  }
}

int shelf_el_set_key_reader(EditLine *el, shelf_event_fn on_event) {
  shelf_on_event = on_event;
  return el_set(el, EL_GETCFN, shelf_read_key);
}

int shelf_take_interrupt(void) {
  int pending = interrupt_flag;
  interrupt_flag = 0;
  return pending;
}

int shelf_interrupt_pending(void) { return interrupt_flag != 0; }

int shelf_ending_signal(void) { return ending_signal; }

int shelf_install_interrupt_handler(void) { return set_handler(SIGINT, shelf_note_signal, NULL); }

int shelf_install_session_signals(void) {
  int status = 0;
  for (size_t i = 0; i < COUNT(session_signals); i++) {
    struct sigaction *old = session_installed ? NULL : &saved_session[i];
    if (set_handler(session_signals[i], shelf_note_signal, old) != 0) status = -1;
  }
  session_installed = 1;
  return status;
}

int shelf_restore_session_signals(void) {
  if (!session_installed) return 0;
  session_installed = 0;
  int status = 0;
  for (size_t i = 0; i < COUNT(session_signals); i++) {
    if (sigaction(session_signals[i], &saved_session[i], NULL) != 0) status = -1;
  }
  return status;
}

int shelf_watch_keys(int on) {
  int status = 0;
  for (size_t i = 0; i < COUNT(key_signals); i++) {
    int result = on ? set_handler(key_signals[i], shelf_note_signal, &saved_keys[i])
                    : sigaction(key_signals[i], &saved_keys[i], NULL);
    if (result != 0) status = -1;
  }
  if (!on) {
    resize_flag = 0;
    suspend_flag = 0;
    continue_flag = 0;
  }
  return status;
}
