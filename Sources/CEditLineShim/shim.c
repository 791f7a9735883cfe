#include "CEditLineShim.h"

#include <signal.h>
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

// Set by the SIGINT handler, read and cleared by shelf_take_interrupt: the one piece of state a
// signal handler can safely share.
static volatile sig_atomic_t interrupt_flag = 0;

static void shelf_ignore_interrupt(int signal_number) {
  (void)signal_number;
  interrupt_flag = 1;
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
  action.sa_handler = shelf_ignore_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: el_gets returns with EINTR
  return sigaction(SIGINT, &action, NULL);
}

int shelf_restore_interrupt_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGINT, &action, NULL);
}
