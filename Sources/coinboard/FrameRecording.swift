import Foundation
import MarketCore
import MarketWire
import Synchronization

/// A recording of a feed's raw frames, one JSON line each: a header line
/// `{"coinboard":"recording","version":1,"dialect":"bithumb"}`, then
/// `{"at":<receive time, µs since 1970>,"frame":"<the frame, as a JSON string>"}` per frame.
///
/// Files of bare frames, one per line (the shape `coinboard decode` reads), are read too,
/// without times.
enum FrameRecording {
    /// One frame and when it arrived (unknown for bare frames).
    struct Frame {
        let receivedAt: Timestamp?
        let bytes: [UInt8]
    }

    private struct Header: Codable {
        var coinboard = "recording"
        var version = 1
        var dialect: String
    }

    private struct Line: Codable {
        var at: Int64
        var frame: String
    }

    /// Reads a recording or a file of bare frames.
    static func read(_ path: String) throws -> [Frame] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CoinboardError.unreadableFile(path) }
        let decoder = JSONDecoder()
        var frames: [Frame] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D }) else { continue }
            if line.starts(with: Array(#"{"coinboard":"#.utf8)) { continue }
            if line.starts(with: Array(#"{"at":"#.utf8)) {
                guard let recorded = try? decoder.decode(Line.self, from: line) else {
                    throw CoinboardError.badRecording(path, line: index + 1)
                }
                frames.append(Frame(receivedAt: Timestamp(microseconds: recorded.at), bytes: Array(recorded.frame.utf8)))
            } else {
                frames.append(Frame(receivedAt: nil, bytes: Array(line)))
            }
        }
        return frames
    }

    /// Appends frames to a file as they arrive.
    final class Writer: Sendable {
        private let file: FileHandle
        private let state = Mutex((encoder: JSONEncoder(), frames: 0))

        /// Creates (or empties) `path` and writes the header for `dialect`.
        init(path: String, dialect: Dialect) throws {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let file = FileHandle(forWritingAtPath: path) else { throw CoinboardError.unwritableFile(path) }
            self.file = file
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            file.write(try encoder.encode(Header(dialect: dialect.rawValue)) + Data("\n".utf8))
        }

        /// Frames written so far.
        var frames: Int { state.withLock { $0.frames } }

        /// Writes one frame, received now.
        func append(_ bytes: UnsafeRawBufferPointer) {
            let line = Line(at: SystemClock.now().microseconds, frame: String(decoding: bytes, as: UTF8.self))
            state.withLock { state in
                guard let data = try? state.encoder.encode(line) else { return }
                file.write(data + Data("\n".utf8))
                state.frames += 1
            }
        }
    }
}
