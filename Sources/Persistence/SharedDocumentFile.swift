import Foundation

/// How a document that several running instances edit is kept as JSON: read (or refused), written
/// and merged (``SharedDocumentFile``).
protocol SharedDocumentFormat {
    associatedtype Document: Equatable & Sendable
    /// What the document is called in a notice ("watchlist").
    static var noun: String { get }
    /// The document in `data` and whether it is in the version written now, or `nil` when `data`
    /// is not a valid document (it is then set aside, never half-read).
    static func read(_ data: Data) -> (document: Document, isCurrent: Bool)?
    /// The document in the version written now.
    static func encode(_ document: Document) -> Data?
    /// Our change (`base` → `ours`) applied to what the file holds now (`theirs`).
    static func merge(base: Document, ours: Document, theirs: Document) -> Document
}

/// A document kept as a JSON file that several instances edit, written atomically on every
/// change. Every read and every save happens under a lock on the file's folder; a save re-reads
/// the file and merges in what another instance saved meanwhile. A file that is not a valid
/// document is never overwritten: it is renamed to `<name>.corrupt-<time>` (with `-2`, `-3`…
/// when that name is taken, so no earlier one is ever replaced) and a notice says so. A
/// symbolic link at the path is followed: the file it leads to is replaced and the link stays.
/// Anything but a regular file there (a FIFO, a device) is refused.
struct SharedDocumentFile<Format: SharedDocumentFormat>: Sendable {
    /// What the file holds: `document` is `nil` when there is none (or it was corrupt and is now
    /// set aside).
    struct Reading {
        var document: Format.Document?
        var notice: String?
        /// Whether the file is in an older version (it is rewritten at the next save).
        var isOlder = false
    }

    /// The file's path.
    let path: String

    /// What the file holds now; nothing when neither it nor its folder exists.
    func load() async throws(PersistenceError) -> Reading {
        let file = RegularFile.followingLinks(path)
        guard FileManager.default.fileExists(atPath: FolderLock.folder(of: file)) else { return Reading() }
        return try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            try read(file)
        }
    }

    /// Saves `ours`, merged into what the file holds now (`base` is what this instance last
    /// loaded or saved), and returns what is saved.
    func save(_ ours: Format.Document, base: Format.Document) async throws(PersistenceError) -> Reading {
        let file = RegularFile.followingLinks(path)
        return try await FolderLock.withLock(on: FolderLock.folder(of: file), for: path) { () throws(PersistenceError) in
            let reading = try read(file)
            let merged = Format.merge(base: base, ours: ours, theirs: reading.document ?? base)
            AtomicFile.removeLeftovers(of: file)
            if merged != reading.document || reading.isOlder { try write(merged, to: file) }
            return Reading(document: merged, notice: reading.notice)
        }
    }

    /// Reads `file` (the path with its links followed); call under the folder's lock.
    private func read(_ file: String) throws(PersistenceError) -> Reading {
        if let kind = RegularFile.irregularKind(at: file) { throw .notARegularFile(path: path, kind: kind) }
        guard FileManager.default.fileExists(atPath: file) else { return Reading() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        if let (document, isCurrent) = Format.read(data) { return Reading(document: document, isOlder: !isCurrent) }
        guard let aside = Quarantine.setAside(file) else {
            throw .unreadable(path: path, reason: "not a valid \(Format.noun), and it could not be set aside")
        }
        return Reading(notice: "\(Format.noun) was not valid; kept as \(aside)")
    }

    private func write(_ document: Format.Document, to file: String) throws(PersistenceError) {
        guard let data = Format.encode(document) else {
            throw .unwritable(path: path, reason: "the \(Format.noun) could not be encoded")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: file)
    }
}

extension JSONEncoder {
    /// The encoder the files are written with: indented, keys sorted.
    static var forFiles: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }
}
