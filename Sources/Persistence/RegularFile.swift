import Foundation
import Glibc

/// Checks on a path before coinboard reads or writes it as a plain file.
public enum RegularFile {
    /// What `path` names when it exists and is not a regular file, followed through symbolic
    /// links (`"a FIFO"`, `"a directory"`, `"a character device"`…); `nil` for a regular file
    /// or no file at all. Opening a FIFO blocks and a device never ends, so such paths are
    /// refused before they are opened.
    public static func irregularKind(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// The file `path` leads to once its symbolic links are followed (at most 40, as the
    /// kernel does), so a write through a link replaces the target and keeps the link; `path`
    /// itself when it is not a link.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { return current }
            let folder = (current as NSString).deletingLastPathComponent
            current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        }
        return current
    }
}
