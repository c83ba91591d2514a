public import Foundation

/// A captured exchange message from `Fixtures/` (copied from `shared/fixtures`; see SOURCES.md
/// there), shared by the test targets.
public enum Fixture {
    /// A fixture that is not there.
    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "missing fixture \(name)" }
    }

    /// The raw bytes of a fixture file.
    public static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw Missing(name: name)
        }
        return [UInt8](try Data(contentsOf: url))
    }

    /// A fixture as strict JSON: `.jsonc` files lose their `//` comments, trailing commas and
    /// `...` elision lines, exactly as published by their sources.
    public static func json(_ name: String) throws -> [UInt8] {
        let raw = try bytes(name)
        guard name.hasSuffix(".jsonc") else { return raw }
        return Array(strictJSON(String(decoding: raw, as: UTF8.self)).utf8)
    }

    /// Each line of a `.jsonl` fixture.
    public static func lines(_ name: String) throws -> [[UInt8]] {
        try bytes(name).split(separator: UInt8(ascii: "\n")).map(Array.init)
    }

    /// Every fixture file name.
    public static func all() throws -> [String] {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else { throw Missing(name: "Fixtures") }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "SOURCES.md" }.sorted()
    }

    private static func strictJSON(_ text: String) -> String {
        var output = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var inString = false
            var previous: Character = " "
            for character in line {
                if character == "\"" && previous != "\\" { inString.toggle() }
                if !inString && character == "/" && previous == "/" {
                    kept.removeLast()
                    break
                }
                kept.append(character)
                previous = character
            }
            if kept.trimmingCharacters(in: .whitespaces) == "..." { continue }
            output += kept + "\n"
        }
        return output.replacingOccurrences(of: #",(\s*[\]}])"#, with: "$1", options: .regularExpression)
    }
}
