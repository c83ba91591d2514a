import Foundation
import Glibc

/// An exclusive `flock` on a folder, held while one coinboard reads, merges and replaces a file
/// in it, so two instances never interleave those steps. Locking the folder rather than the
/// file matters: the file is replaced by a rename, and a lock on the old one would guard nothing.
enum FolderLock {
    /// How long to wait for another instance to finish its write.
    static let patience = Duration.seconds(2)

    /// Runs `body` holding the lock on `folder`, creating the folder first if need be.
    static func withLock<Result>(
        on folder: String, for path: String,
        _ body: () throws(PersistenceError) -> Result
    ) async throws(PersistenceError) -> Result {
        createFolders(folder)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + patience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                throw .unwritable(path: path, reason: "another coinboard kept its folder locked")
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The folder `file` is in (`.` for a bare name): the one to lock for it.
    static func folder(of file: String) -> String {
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// `mkdir -p`: what cannot be made shows when the folder is opened.
    private static func createFolders(_ folder: String) {
        var partial = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            partial += "/" + component
            _ = mkdir(partial, 0o755)
        }
    }
}
