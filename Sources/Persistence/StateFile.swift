import Foundation

/// A small value kept between runs as a JSON file, `{"version": 1, "value": …}`: written
/// atomically under a lock on its folder, a file that cannot be read as one set aside (never
/// overwritten) and a non-regular file refused, like the watchlist.
///
/// Losing it costs only convenience, so loading never fails for a bad file: it says so and
/// starts afresh.
public struct StateFile<Value: Codable & Sendable>: Sendable {
    /// The file's path.
    public let path: String

    /// A state file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/coinboard/<name>`, or `~/.local/state/coinboard/<name>` when
    /// `XDG_STATE_HOME` is unset or empty.
    public static func defaultPath(_ name: String, environment: [String: String]) -> String {
        let base =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        return base + "/coinboard/" + name
    }

    private struct Contents: Codable {
        var version: Int
        var value: Value
    }

    /// The value saved, `nil` when there is none; `notice` says when a bad file was set aside.
    public func load() async throws(PersistenceError) -> (value: Value?, notice: String?) {
        let file = RegularFile.followingLinks(path)
        let folder = FolderLock.folder(of: file)
        guard FileManager.default.fileExists(atPath: folder) else { return (nil, nil) }
        return try await FolderLock.withLock(on: folder, for: path) { () throws(PersistenceError) in
            if let kind = RegularFile.irregularKind(at: file) { throw .notARegularFile(path: path, kind: kind) }
            guard let data = FileManager.default.contents(atPath: file) else { return (nil, nil) }
            if let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.version == 1 {
                return (contents.value, nil)
            }
            guard let aside = Quarantine.setAside(file) else {
                throw .unreadable(path: path, reason: "not a valid state file, and it could not be set aside")
            }
            return (nil, "\((path as NSString).lastPathComponent) was not valid; kept as \(aside)")
        }
    }

    /// Saves `value`, replacing what was saved.
    public func save(_ value: Value) async throws(PersistenceError) {
        let file = RegularFile.followingLinks(path)
        try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            if let kind = RegularFile.irregularKind(at: file) { throw .notARegularFile(path: path, kind: kind) }
            guard let data = try? JSONEncoder.forFiles.encode(Contents(version: 1, value: value)) else {
                throw .unwritable(path: path, reason: "the state could not be encoded")
            }
            AtomicFile.removeLeftovers(of: file)
            try AtomicFile.write(data + Data("\n".utf8), to: file)
        }
    }
}
