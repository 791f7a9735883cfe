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
int shelf_el_set_signal(EditLine *el, int on);
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
typedef void (*shelf_resize_fn)(EditLine *);
/// Reads keys with read(2) on stdin, decoding the locale's multibyte characters. A resize
/// (SIGWINCH) calls `on_resize` before the next key is read; a Ctrl-C (SIGINT) ends the read
/// with EINTR, which ends el_gets; other signals are ignored. `on_resize` is kept for the
/// process (there is one line editor).
int shelf_el_set_key_reader(EditLine *el, shelf_resize_fn on_resize);
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
/// Restores the default SIGINT and SIGWINCH dispositions.
int shelf_restore_interrupt_handler(void);
/// While `on`, a resize (SIGWINCH) interrupts the key reader, which redraws the line; off (while
/// a command runs) it is ignored, so it interrupts nothing else.
int shelf_watch_resize(int on);

#endif
