// Non-variadic wrappers around libedit's variadic el_set/el_get/history calls, which Swift
// cannot call, plus the few terminal calls (ioctl, sigaction) the line editor needs.
#ifndef SHELF_CEDITLINE_SHIM_H
#define SHELF_CEDITLINE_SHIM_H

#include <histedit.h>

typedef char *(*shelf_prompt_fn)(EditLine *);
typedef unsigned char (*shelf_command_fn)(EditLine *, int);

/// el_init on the process's stdin, stdout and stderr.
EditLine *shelf_el_init(const char *program);
int shelf_el_set_editor(EditLine *el, const char *mode);
/// EL_PROMPT_ESC with `marker` as the start/end of invisible (escape) sequences.
int shelf_el_set_prompt(EditLine *el, shelf_prompt_fn fn, char marker);
int shelf_el_set_clientdata(EditLine *el, void *data);
void *shelf_el_get_clientdata(EditLine *el);
int shelf_el_add_function(EditLine *el, const char *name, const char *help, shelf_command_fn fn);
int shelf_el_bind(EditLine *el, const char *key, const char *command);
int shelf_el_set_history(EditLine *el, History *history);
/// Whether the editor is vi (`bind -v` in the editrc), after el_source.
int shelf_el_editor_is_vi(EditLine *el);
/// Binds `key` in the alternate map (vi command mode): `bind -a key command`.
int shelf_el_bind_alternate(EditLine *el, const char *key, const char *command);
/// Redraws the prompt and the line from the cursor's position, taken as the prompt's start.
int shelf_el_refresh(EditLine *el);
/// What the key reader tells its callback, between two keys.
enum {
  /// The window changed size (SIGWINCH).
  SHELF_EVENT_RESIZED = 1,
  /// The process was continued after a stop (Ctrl-Z, SIGCONT): the terminal is set up for
  /// editing again; the line is to be drawn again.
  SHELF_EVENT_CONTINUED = 2,
};
typedef void (*shelf_event_fn)(EditLine *, int event);
/// Reads keys with read(2) on stdin, decoding the locale's multibyte characters. Between keys
/// it acts on the signals shelf_watch_keys and shelf_install_session_signals handle: a resize
/// or a continue calls `on_event`; Ctrl-Z gives the terminal back and stops the process until
/// it is continued; Ctrl-C or an ending signal ends the read with EINTR, which ends el_gets.
/// `on_event` is kept for the process (there is one line editor).
int shelf_el_set_key_reader(EditLine *el, shelf_event_fn on_event);
/// Tokenizes one line of an editrc as libedit's el_source does and runs it with el_parse:
/// 0 when libedit took it. What libedit wrote about it is returned in `*message` (malloc'd,
/// may be NULL or empty; the caller frees it).
int shelf_el_parse_line(EditLine *el, const char *line, char **message);
/// The output stream libedit writes to (for listing completion candidates).
void shelf_el_write(EditLine *el, const char *text);

History *shelf_history_init(int size);
int shelf_history_enter(History *history, const char *line);
int shelf_history_load(History *history, const char *path);
int shelf_history_save(History *history, const char *path);
/// Iterates from the oldest entry: first call with restart=1, then 0; NULL at the end.
const char *shelf_history_oldest_first(History *history, int restart);

/// Rows and columns of the terminal on `fd`; returns 0 on success.
int shelf_terminal_size(int fd, int *rows, int *columns);
/// Installs a flag-setting SIGINT handler without SA_RESTART, so a blocking read returns EINTR.
int shelf_install_interrupt_handler(void);
/// True (once) when Ctrl-C was pressed since the last call.
int shelf_take_interrupt(void);
/// True when Ctrl-C was pressed since the last shelf_take_interrupt (does not reset it).
int shelf_interrupt_pending(void);
/// For the interactive session: SIGINT, SIGTERM, SIGHUP and SIGQUIT set flags (no SA_RESTART);
/// an ending signal (TERM, HUP, QUIT) also sets the Ctrl-C flag, so long work stops. Nobody
/// else is ever signalled. The dispositions found are kept for shelf_restore_session_signals.
int shelf_install_session_signals(void);
/// Puts back the dispositions shelf_install_session_signals found.
int shelf_restore_session_signals(void);
/// The first SIGTERM, SIGHUP or SIGQUIT received since shelf_install_session_signals, or 0.
int shelf_ending_signal(void);
/// While `on` (a key is awaited): a resize (SIGWINCH), Ctrl-Z (SIGTSTP) and SIGCONT are
/// handled by the key reader. Off (while a command runs) they have the dispositions found
/// before: a resize interrupts nothing, Ctrl-Z stops the process as usual.
int shelf_watch_keys(int on);

#endif
