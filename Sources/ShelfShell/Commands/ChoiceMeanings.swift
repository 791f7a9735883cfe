import ShelfDomain
import ShelfImport
import ShelfStore

/// A value chosen from a few words, with what each word means: Tab lists the meanings beside
/// the words (`watching   you are watching it`), not one help line repeated.
protocol DescribedChoice {
  var meaning: String { get }
}

extension TrackingStatus: DescribedChoice {
  var meaning: String {
    switch self {
    case .watching: "you are watching it"
    case .plan: "you mean to watch it"
    case .paused: "set aside for now"
    case .dropped: "you stopped watching it"
    case .completed: "you watched it all"
    }
  }
}

extension StatusCommand.Choice: DescribedChoice {
  var meaning: String {
    status?.meaning ?? "from your marks: plan, watching or completed as they say"
  }
}

extension OutputFormat: DescribedChoice {
  var meaning: String {
    switch self {
    case .table: "aligned columns, for people"
    case .csv: "comma-separated values (RFC 4180), for spreadsheets"
    case .tsv: "tab-separated values, for cut, awk and sort"
    case .markdown: "a Markdown pipe table"
    case .json: "one JSON document a command, for jq"
    }
  }
}

extension ItemKind: DescribedChoice {
  var meaning: String { "\(plural) only" }
}

extension UserDataExport.Scope: DescribedChoice {
  var meaning: String {
    switch self {
    case .favorites: "the favorites of each profile"
    case .cart: "the cart"
    case .watched: "the watched marks of each profile"
    case .all: "the cart and everything of every profile"
    }
  }
}

extension ImportFormat: DescribedChoice {
  var meaning: String { exportDescription }
}

extension ExportCommand.Format: DescribedChoice {
  var meaning: String {
    self == .json ? "shelf's own JSON document" : "a person's shows as Yamtrack's CSV"
  }
}

extension ProfileCommand.Action: DescribedChoice {
  var meaning: String {
    switch self {
    case .add: "add a person (--born YYYY-MM for a child)"
    case .use: "become this person"
    case .rename: "give a person a new name"
    case .rm: "remove a person (their data is kept aside)"
    }
  }
}

extension HeadersCommand.Setting: DescribedChoice {
  var meaning: String {
    self == .on ? "lists with their title and header row" : "rows only, for sort and cut"
  }
}

extension SpoilersCommand.Choice: DescribedChoice {
  var meaning: String {
    self == .hide
      ? "hide names and summaries of episodes you have not watched" : "show everything"
  }
}

extension UpcomingCommand.DocumentFormat: DescribedChoice {
  var meaning: String { "an iCalendar document for a calendar program" }
}
