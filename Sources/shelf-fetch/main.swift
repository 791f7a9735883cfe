// shelf-fetch: the network helper of shelf. `shelf-fetch [--timeout SECONDS] URL` performs one
// HTTP GET and prints `HTTP <status>`, the headers, a blank line and the body; when there is no
// answer it exits 3 with `<kind><TAB><detail>` on stderr. shelf runs it only when it needs the
// network, so that starting shelf does not load the networking libraries.
import Foundation
import ShelfTV

var arguments = Array(CommandLine.arguments.dropFirst())
var timeout: TimeInterval = 15
if arguments.count == 3, arguments[0] == "--timeout", let value = TimeInterval(arguments[1]) {
  timeout = value
  arguments.removeFirst(2)
}
guard arguments.count == 1, let url = URL(string: arguments[0]),
  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
else {
  FileHandle.standardError.write(
    Data("usage: shelf-fetch [--timeout SECONDS] http(s)://URL\n".utf8))
  exit(2)
}
do {
  let response = try URLSessionTransport().get(url, timeout: timeout)
  var head = "HTTP \(response.status)\n"
  for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
  where !name.contains("\n") && !value.contains("\n") {
    head += "\(name): \(value)\n"
  }
  head += "\n"
  FileHandle.standardOutput.write(Data(head.utf8) + response.body)
} catch let failure as TransportFailure {
  FileHandle.standardError.write(Data("\(failure.kind.rawValue)\t\(failure.detail)\n".utf8))
  exit(3)
} catch {
  FileHandle.standardError.write(Data("noConnection\t\(error.localizedDescription)\n".utf8))
  exit(3)
}
