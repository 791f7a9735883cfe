/// What the manual page says in EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES, kept as tables
/// in one place. The README says the same in its Scripts, Config file and Files sections; a
/// test checks that every variable and file here is named there too.
enum LaunchReference {
  /// A term (a status, a variable, a path, a command line) and what it means.
  struct Entry {
    let term: String
    let text: String
  }

  static let exitStatuses = [
    Entry(
      term: "0",
      text: "Every command succeeded (or --help, --version or --print-config was written)."),
    Entry(
      term: "1",
      text: """
        A command failed (a script goes on after an error unless --bail is given), the catalog \
        could not be found, or the output could not be written.
        """),
    Entry(
      term: "2",
      text: """
        Bad usage: an unknown option or a bad value on the command line, a bad line in the \
        config file, a script that cannot be opened.
        """),
    Entry(term: "130", text: "A script or -c run was interrupted with Ctrl-C."),
    Entry(term: "N", text: "The number given to exit N."),
  ]

  static let environment = [
    Entry(
      term: "SHELF_HOME",
      text: "The data directory, as --data-dir gives it (the command line wins)."),
    Entry(term: "SHELF_CATALOG", text: "The catalog directory, as --catalog gives it."),
    Entry(
      term: "SHELF_PROFILE",
      text: """
        The person of the household to start as, as --profile gives it (the command line \
        wins; it wins over profile in the config file and the one last chosen with profile use).
        """),
    Entry(
      term: "SHELF_HISTORY",
      text: "The history file of interactive sessions; /dev/null keeps no history."),
    Entry(
      term: "SHELF_TVMAZE_URL",
      text:
        "The address of the TVmaze API (default https://api.tvmaze.com), for a mirror or a test server."
    ),
    Entry(
      term: "SHELF_TVMAZE_PACE",
      text: """
        Seconds in which 20 calls may go, instead of TVmaze's 10; honoured only for a server         on 127.0.0.1 (benchmarks against a stand-in), never for TVmaze.
        """),
    Entry(
      term: "PAGER",
      text: """
        The program that shows output taller than the terminal. When it is unset or empty: \
        pager where it exists (Debian's alternative), else less -R. LESS=FRX is set for it \
        unless LESS is already set: colours pass through, output that fits the screen is \
        printed and stays.
        """),
    Entry(
      term: "NO_COLOR",
      text: "When set and not empty, no colours (as --no-color); it wins over CLICOLOR_FORCE."),
    Entry(
      term: "CLICOLOR_FORCE",
      text: "When set to anything but 0, colours everywhere, pipes included."),
    Entry(term: "TERM", text: "dumb means no colours and no pictures."),
    Entry(term: "COLORTERM", text: "truecolor or 24bit draws pictures in 24-bit colour."),
    Entry(
      term: "COLUMNS",
      text:
        "The width to lay out for, at a terminal. Ignored when the output is not a terminal: nothing is cut there."
    ),
    Entry(term: "LINES", text: "The terminal's height, which decides when the pager is used."),
    Entry(term: "BROWSER", text: "The browser imdb opens pages with (a colon-separated list)."),
    Entry(term: "EDITRC", text: "libedit's key bindings file, instead of ~/.editrc."),
    Entry(term: "TZ", text: "The time zone that episode air times are shown in."),
    Entry(
      term: "XDG_CONFIG_HOME",
      text: "Where the config file is (default ~/.config): $XDG_CONFIG_HOME/shelf/config."),
    Entry(
      term: "XDG_DATA_HOME", text: "Where the data directory is (default ~/.local/share)."),
    Entry(
      term: "XDG_STATE_HOME", text: "Where the state directory is (default ~/.local/state)."),
    Entry(term: "XDG_CACHE_HOME", text: "Where the cache directory is (default ~/.cache)."),
  ]

  /// The keys of the config file, each with what it sets: CONFIG FILE in the manual page. A
  /// test checks that it names every key the config file takes (`ConfigFile.keys`).
  static let configKeys = [
    Entry(term: "color", text: "auto, always or never, as --color (NO_COLOR still wins)."),
    Entry(term: "images", text: "auto, blocks or none, as --images."),
    Entry(term: "pager", text: "The pager, as PAGER (which wins over it)."),
    Entry(
      term: "resume",
      text: "yes, no or auto (at a terminal only): whether a session starts where the last one was."
    ),
    Entry(term: "tvmaze-url", text: "The TVmaze API's address, as SHELF_TVMAZE_URL."),
    Entry(term: "data-dir", text: "The data directory, as --data-dir and SHELF_HOME."),
    Entry(
      term: "spoilers",
      text: "show or hide: whether names and summaries of unwatched episodes are shown (spoilers)."),
    Entry(term: "profile", text: "The person to start as, as --profile and SHELF_PROFILE."),
    Entry(
      term: "sync",
      text: """
        auto (the default) or off: whether an interactive session in a data directory that \
        syncs syncs when it starts (waiting at most 5 s) and when it ends.
        """),
  ]

  static let files = [
    Entry(
      term: "~/.config/shelf/config",
      text: """
        The config file: one key = value per line (the keys are under CONFIG FILE), # \
        comments. shelf --print-config shows each setting and where it came from.
        """),
    Entry(
      term: "~/.local/share/shelf/",
      text: """
        The data directory (--data-dir, SHELF_HOME or data-dir choose another): the \
        household's cart.plist and profiles.plist (the people), profiles/NAME/ with each \
        person's favorites.plist, watched.plist, tracking.plist (statuses and ratings), \
        read.plist, wishlist.plist and preferences.plist (the last position), episodes/ with \
        the episodes of favourite shows, and .sync/ with the household's git repository once \
        sync init or sync join ran. Beside each file, NAME.lock (taken while it changes) and, \
        after a repair, NAME.before-repair-TIME (the file as it was). Created 0700, its files \
        0600.
        """),
    Entry(
      term: "~/.local/state/shelf/",
      text: """
        The state directory: the history. With a chosen data directory it is kept in that \
        directory.
        """),
    Entry(
      term: "~/.cache/shelf/",
      text: """
        The cache directory: the show store shows.sqlite (with shows.sqlite-wal and \
        shows.sqlite-shm), the toys' indexes catalog-ID.index, tracker/ (copies of what the \
        tracking screens read), episodes/ and posters/. Created 0700, its files 0600; \
        removing it loses nothing that cannot be made or fetched again.
        """),
    Entry(
      term: "/usr/share/shelf/catalog/",
      text: """
        The catalog (toys.tsv, stories.tsv, products.tsv, shows.json and their pages and \
        pictures): share/shelf/catalog beside the installed bin/shelf.
        """),
    Entry(term: "~/.editrc", text: "libedit's key bindings (bind -v for vi mode)."),
  ]

  /// Each entry's term is a command line, its text says what it does.
  static let examples = [
    Entry(term: "shelf", text: "Start the shell at a terminal:"),
    Entry(
      term: "shelf -c 'cd /toys/Dolls' -c ls --json | jq '.rows[].name'",
      text: "List a category's toys as JSON in a script:"),
    Entry(
      term: "shelf --bail script.txt", text: "Run a file of commands, stopping at the first error:"),
    Entry(
      term: "printf 'find bear\\n' | shelf -", text: "Read the commands from standard input:"),
    Entry(
      term: "shelf --color=always -c 'ls /toys' | less -R",
      text: "Keep colours in a pipe:"),
    Entry(term: "shelf -c sync", text: "Sync the household with its other devices (from cron):"),
  ]

  /// SEE ALSO: name and section.
  static let seeAlso: [(name: String, section: Int)] = [
    ("less", 1), ("pager", 1), ("editrc", 5), ("git", 1),
  ]
}
