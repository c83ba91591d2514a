import Foundation

/// The real captured exchange messages the codec tests use (Tests/TestFixtures/Fixtures).
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/TestFixtures/Fixtures")

    /// A fixture holding one frame.
    static func frame(_ name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
            fatalError("missing fixture \(name) in \(folder.path)")
        }
        return Array(data)
    }

    /// A fixture holding one frame per line.
    static func frames(_ name: String) -> [[UInt8]] {
        frame(name).split(separator: UInt8(ascii: "\n")).map(Array.init)
    }
}
