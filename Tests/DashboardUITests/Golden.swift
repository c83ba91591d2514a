import Foundation
import TerminalKit
import Testing

/// Whole screens compared with text files in `Goldens/`, one line per row, trailing spaces
/// trimmed. `COINBOARD_RECORD_GOLDENS=1` writes the files instead — and fails the test, so a
/// recording run never passes; read the new file, then run again without it.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func expect(_ buffer: Buffer, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name + ".txt")
        let actual = buffer.trimmedLines.joined(separator: "\n") + "\n"
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
