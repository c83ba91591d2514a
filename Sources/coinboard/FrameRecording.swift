import ExchangeClient
import Foundation
import MarketCore
import MarketWire
import Synchronization
import SystemTime

/// A recording of a feed, one JSON line each: a header line
/// `{"coinboard":"recording","version":1,"dialect":"bithumb"}`, then per WebSocket frame
/// `{"at":<receive time, µs since 1970>,"frame":"<the frame, as a JSON string>"}` and per REST
/// response `{"at":…,"request":"/v1/market/all?isDetails=true","body":"<the body>"}`.
///
/// Files of bare frames, one per line without a header (the shape `coinboard decode` reads),
/// are read too, without times or responses.
struct FrameRecording: Sendable {
    /// One frame and when it arrived (unknown for bare frames).
    struct Frame: Sendable {
        let receivedAt: Timestamp?
        let bytes: [UInt8]
    }

    /// The dialect named in the header; `nil` for a file of bare frames.
    var dialect: Dialect?
    /// The WebSocket frames, in arrival order.
    var frames: [Frame] = []
    /// The first body recorded for each REST path and query.
    var responses: [String: [UInt8]] = [:]

    private struct Header: Codable {
        var coinboard = "recording"
        var version = 1
        var dialect: String
    }

    private struct Line: Codable {
        var at: Int64
        var frame: String?
        var request: String?
        var body: String?
    }

    /// Reads a recording or a file of bare frames.
    init(contentsOf path: String) throws {
        try CoinboardError.refuseIrregularFile(at: path)
        guard let data = FileManager.default.contents(atPath: path) else { throw CoinboardError.unreadableFile(path) }
        let decoder = JSONDecoder()
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D }) else { continue }
            if dialect == nil, line.starts(with: Array(#"{"coinboard":"#.utf8)) {
                guard let header = try? decoder.decode(Header.self, from: line), let dialect = Dialect(rawValue: header.dialect) else {
                    throw CoinboardError.badRecording(path, line: index + 1)
                }
                self.dialect = dialect
            } else if dialect != nil {
                guard let recorded = try? decoder.decode(Line.self, from: line) else {
                    throw CoinboardError.badRecording(path, line: index + 1)
                }
                if let frame = recorded.frame {
                    frames.append(Frame(receivedAt: Timestamp(microseconds: recorded.at), bytes: Array(frame.utf8)))
                } else if let request = recorded.request, let body = recorded.body {
                    if responses[request] == nil { responses[request] = Array(body.utf8) }
                } else {
                    throw CoinboardError.badRecording(path, line: index + 1)
                }
            } else {
                frames.append(Frame(receivedAt: nil, bytes: Array(line)))
            }
        }
    }

    /// Appends frames and responses to a file as they arrive.
    final class Writer: WireRecorder {
        private let file: FileHandle
        private let state: Mutex<(encoder: JSONEncoder, frames: Int)>

        /// Creates (or empties) `path` and writes the header for `dialect`.
        init(path: String, dialect: Dialect) throws {
            try CoinboardError.refuseIrregularFile(at: path)
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else { throw CoinboardError.unwritableFile(path) }
            self.file = file
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            file.write(try encoder.encode(Header(dialect: dialect.rawValue)) + Data("\n".utf8))
            state = Mutex((encoder: encoder, frames: 0))
        }

        /// Frames written so far.
        var frames: Int { state.withLock { $0.frames } }

        func record(frame bytes: UnsafeRawBufferPointer) {
            write(Line(at: SystemClock.wallNow().microseconds, frame: String(decoding: bytes, as: UTF8.self)), isFrame: true)
        }

        func record(response body: UnsafeRawBufferPointer, request pathAndQuery: String) {
            write(
                Line(at: SystemClock.wallNow().microseconds, request: pathAndQuery, body: String(decoding: body, as: UTF8.self)),
                isFrame: false)
        }

        private func write(_ line: Line, isFrame: Bool) {
            state.withLock { state in
                guard let data = try? state.encoder.encode(line) else { return }
                file.write(data + Data("\n".utf8))
                if isFrame { state.frames += 1 }
            }
        }
    }
}
