/// Finds the line a TOML key is written on, so an error can point at it. TOML's parser
/// keeps no positions for values it accepted; this reads the text's table headers and
/// `key = value` lines (dotted and quoted keys included) well enough for error messages.
struct KeyLocator {
    private let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line that sets `path` (or the table or inline table holding it).
    func line(of path: [String]) -> Int? {
        var table: [String] = []
        var enclosing: Int?
        for (index, line) in lines.enumerated() {
            let text = line.trimmingPrefix { $0 == " " || $0 == "\t" }
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { continue }
                table = Self.keyParts(text[text.index(after: text.startIndex)..<close].drop { $0 == "[" })
                if table == path { return index + 1 }
                if path.starts(with: table) { enclosing = index + 1 }
            } else if let equals = text.firstIndex(of: "="), !text.hasPrefix("#") {
                let key = table + Self.keyParts(text[..<equals])
                if key == path { return index + 1 }
                if path.starts(with: key) { enclosing = index + 1 }
            }
        }
        return enclosing
    }

    /// `a."b c".d` as `["a", "b c", "d"]`.
    private static func keyParts(_ text: Substring) -> [String] {
        text.split(separator: ".").map { part in
            let trimmed = part.trimmingPrefix { $0 == " " || $0 == "\t" }
            var key = String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if key.count >= 2, let first = key.first, first == key.last, first == "\"" || first == "'" {
                key = String(key.dropFirst().dropLast())
            }
            return key
        }
    }
}
