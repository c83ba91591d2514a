import Foundation
import TerminalKit
import Testing

/// Whole screens compared with text files in `Goldens/`, one line per row, trailing spaces
/// trimmed, and their styles with `Goldens/styles/`: per row, the runs of cells drawn in
/// anything but the plain style. `COINBOARD_RECORD_GOLDENS=1` writes the files instead — and fails the test, so a
/// recording run never passes; read the new file, then run again without it.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func expect(_ buffer: Buffer, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        compare(buffer.trimmedLines.joined(separator: "\n") + "\n", with: name, in: folder, sourceLocation: sourceLocation)
        compare(styleRuns(of: buffer), with: name, in: folder.appendingPathComponent("styles"), sourceLocation: sourceLocation)
    }

    /// Each row's runs of cells in one style other than the plain one: `row 3: 0-11 fg=red,bold`.
    static func styleRuns(of buffer: Buffer) -> String {
        var lines: [String] = []
        for y in 0..<buffer.size.height {
            var runs: [String] = []
            var x = 0
            while x < buffer.size.width {
                let style = buffer[x, y].style
                var end = x
                while end + 1 < buffer.size.width && buffer[end + 1, y].style == style { end += 1 }
                if style != .plain { runs.append("\(x)-\(end) \(describe(style))") }
                x = end + 1
            }
            if !runs.isEmpty { lines.append("row \(y): " + runs.joined(separator: " | ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.foreground != .default { parts.append("fg=\(style.foreground.rawValue)") }
        if style.background != .default { parts.append("bg=\(style.background.rawValue)") }
        if style.isBold { parts.append("bold") }
        if style.isReversed { parts.append("reversed") }
        if style.isDim { parts.append("dim") }
        if style.isUnderlined { parts.append("underlined") }
        return parts.joined(separator: ",")
    }

    private static func compare(_ actual: String, with name: String, in folder: URL, sourceLocation: SourceLocation) {
        let file = folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["COINBOARD_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded \(file.lastPathComponent); read it, then run again without COINBOARD_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden \(file.path): run with COINBOARD_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let differing = zip(expectedLines, actualLines).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(
            expectedLines.count == actualLines.count && differing.isEmpty,
            "\(name): \(differing.count) rows differ; first: \(differing.first.map { "row \($0.offset)\n  want \($0.element.0)\n  got  \($0.element.1)" } ?? "row count")",
            sourceLocation: sourceLocation)
    }
}
