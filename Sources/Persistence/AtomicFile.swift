import Foundation
import Glibc

/// Replaces a file's contents all at once: the new bytes go to a temporary file in the same
/// folder, which is flushed to disk and renamed over the old one, and the folder is flushed
/// too. A crash at any moment leaves either the old file or the new one, never a mix.
enum AtomicFile {
    static func write(_ data: Data, to path: String) throws(PersistenceError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = path + temporarySuffix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: Self.lastError()) }
        var failure: String?
        data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Self.lastError()
                    return
                }
                offset += written
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = Self.lastError() }
        if close(descriptor) != 0 && failure == nil { failure = Self.lastError() }
        if failure == nil && rename(temporary, path) != 0 { failure = Self.lastError() }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, reason: failure)
        }
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the temporary files a write killed half-way left beside `path`. Only safe
    /// while no other write to `path` can be under way (under its ``FolderLock``).
    static func removeLeftovers(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + temporarySuffix
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        for name in names where name.hasPrefix(prefix) {
            unlink(((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(name))
        }
    }

    private static let temporarySuffix = ".tmp-"

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
