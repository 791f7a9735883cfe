#include "CEditLineShim.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <wchar.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

EditLine *shelf_el_init(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}

int shelf_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }

int shelf_el_set_prompt(EditLine *el, shelf_prompt_fn fn, char marker) {
  return el_set(el, EL_PROMPT_ESC, fn, marker);
}

int shelf_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }

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

// Set by the signal handlers, read and cleared by shelf_take_interrupt and the key reader: the
// only state a signal handler can safely share.
static volatile sig_atomic_t interrupt_flag = 0;
static volatile sig_atomic_t resize_flag = 0;

// The resize callback of the key reader (one line editor per process).
static shelf_resize_fn shelf_on_resize = NULL;

static void shelf_note_signal(int signal_number) {
  if (signal_number == SIGINT) interrupt_flag = 1;
  if (signal_number == SIGWINCH) resize_flag = 1;
}

// libedit's own SIGWINCH handler (EL_SIGNAL) resizes and then re-raises the signal to the
// handler installed before el_gets (ours), so the pending flag is set either way. The redraw is
// done here, between keys, where libedit's state is consistent.
static int shelf_read_key(EditLine *el, wchar_t *key) {
  char bytes[MB_LEN_MAX];
  size_t count = 0;
  mbstate_t state;
  memset(&state, 0, sizeof state);
  for (;;) {
    if (resize_flag) {
      resize_flag = 0;
      if (shelf_on_resize != NULL) shelf_on_resize(el);
    }
    char byte;
    ssize_t got = read(STDIN_FILENO, &byte, 1);
    if (got < 0) {
      if (errno != EINTR) return -1;
      if (interrupt_flag) return -1;  // errno is EINTR: el_gets ends
      continue;
    }
    if (got == 0) return 0;
    bytes[count++] = byte;
    wchar_t decoded;
    size_t used = mbrtowc(&decoded, bytes, count, &state);
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

int shelf_el_set_key_reader(EditLine *el, shelf_resize_fn on_resize) {
  shelf_on_resize = on_resize;
  return el_set(el, EL_GETCFN, shelf_read_key);
}

int shelf_take_interrupt(void) {
  int pending = interrupt_flag;
  interrupt_flag = 0;
  return pending;
}

int shelf_interrupt_pending(void) { return interrupt_flag != 0; }

int shelf_install_interrupt_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = shelf_note_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: el_gets returns with EINTR
  return sigaction(SIGINT, &action, NULL);
}

int shelf_restore_interrupt_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(SIGWINCH, &action, NULL);
  return sigaction(SIGINT, &action, NULL);
}

int shelf_watch_resize(int on) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on ? shelf_note_signal : SIG_DFL;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: the key reader's read returns EINTR
  return sigaction(SIGWINCH, &action, NULL);
}
