import Persistence

/// Why a recording could not be read, written or played, each said in one line.
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String)
    /// The file could not be created for writing.
    case unwritable(path: String)
    /// The path names something other than a regular file (`kind`: "a FIFO", "a directory"…).
    case notARegularFile(path: String, kind: String)
    /// A line (counted from 1) is neither the header nor a recorded frame or response.
    case badLine(path: String, line: Int)
    /// The file is bare frames, not a recording with a header.
    case notARecording(path: String)
    /// The recording holds no market listing, so there is nothing to show its frames against.
    case withoutListing(path: String)
    /// The recording holds no answer of the won–dollar rate.
    case withoutRate(path: String)
    /// A replay reached the end of its recording.
    case ended(path: String, frames: Int)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path)"
        case .unwritable(let path): "cannot write \(path)"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a regular file"
        case .badLine(let path, let line): "\(path):\(line): not a recorded frame"
        case .notARecording(let path): "\(path) is not a recording (coinboard record writes them)"
        case .withoutListing(let path): "\(path) holds no market listing (record it again with coinboard record)"
        case .withoutRate(let path): "\(path) holds no won–dollar rate"
        case .ended(let path, let frames): "the recording has ended (\(frames) frames of \(path) replayed)"
        }
    }

    /// Throws ``notARegularFile(path:kind:)`` when `path` exists and is not a regular file,
    /// before anything opens it.
    static func refuseIrregularFile(at path: String) throws(RecordingError) {
        if let kind = RegularFile.irregularKind(at: path) { throw .notARegularFile(path: path, kind: kind) }
    }
}
