import ExchangeClient
import Foundation
import MarketCore
import MarketWire
import Synchronization
import SystemTime

/// A recording of one or several exchanges' feeds, one JSON line each: a header line
/// `{"coinboard":"recording","version":2,"feeds":{"bithumb":"bithumb","upbit":"upbit"}}` (each
/// exchange's dialect), then per WebSocket frame
/// `{"at":<receive time, µs since 1970>,"exchange":"upbit","frame":"<the frame, as a JSON string>"}`
/// and per REST response `{"at":…,"exchange":…,"request":"/v1/market/all?isDetails=true","body":"<the body>"}`.
///
/// Version 1 recordings (one feed: `"dialect":"bithumb"` in the header, lines without
/// `exchange`) are read too, and so are files of bare frames, one per line without a header
/// (the shape `coinboard decode` reads), without times or responses.
struct FrameRecording: Sendable {
    /// One frame, when it arrived (unknown for bare frames) and from which exchange's feed.
    struct Frame: Sendable {
        let receivedAt: Timestamp?
        let bytes: [UInt8]
        let exchange: Exchange?
    }

    /// Each recorded feed's dialect, by exchange; empty for a file of bare frames.
    var dialects: [Exchange: Dialect] = [:]
    /// Every WebSocket frame, in arrival order.
    var frames: [Frame] = []
    /// The first body recorded for each REST path and query, by exchange.
    var responses: [Exchange: [String: [UInt8]]] = [:]

    /// Whether the file had a header: a recording, not bare frames.
    var isRecording: Bool { !dialects.isEmpty }

    /// `exchange`'s frames, in arrival order.
    func frames(of exchange: Exchange) -> [Frame] {
        frames.filter { $0.exchange == exchange }
    }

    /// When the first frame arrived, the moment a replay starts from.
    var startedAt: Timestamp? { frames.lazy.compactMap(\.receivedAt).min() }

    private struct Header: Codable {
        var coinboard = "recording"
        var version = 2
        var dialect: String?
        var feeds: [String: String]?
    }

    fileprivate struct Line: Codable {
        var at: Int64
        var exchange: String?
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
            let bad = CoinboardError.badRecording(path, line: index + 1)
            if dialects.isEmpty, line.starts(with: Array(#"{"coinboard":"#.utf8)) {
                guard let header = try? decoder.decode(Header.self, from: line), let dialects = Self.dialects(of: header) else { throw bad }
                self.dialects = dialects
            } else if isRecording {
                guard let recorded = try? decoder.decode(Line.self, from: line) else { throw bad }
                let exchange = recorded.exchange.map(Exchange.init(rawValue:)) ?? (dialects.count == 1 ? dialects.keys.first : nil)
                guard let exchange, dialects[exchange] != nil else { throw bad }
                if let frame = recorded.frame {
                    frames.append(Frame(receivedAt: Timestamp(microseconds: recorded.at), bytes: Array(frame.utf8), exchange: exchange))
                } else if let request = recorded.request, let body = recorded.body {
                    if responses[exchange]?[request] == nil { responses[exchange, default: [:]][request] = Array(body.utf8) }
                } else {
                    throw bad
                }
            } else {
                frames.append(Frame(receivedAt: nil, bytes: Array(line), exchange: nil))
            }
        }
    }

    /// The feeds a header names: version 2's by exchange, version 1's one dialect.
    private static func dialects(of header: Header) -> [Exchange: Dialect]? {
        switch (header.version, header.dialect, header.feeds) {
        case (1, let name?, nil):
            return Dialect(rawValue: name).map { [$0.exchange: $0] }
        case (2, nil, let feeds?):
            var dialects: [Exchange: Dialect] = [:]
            for (exchangeName, dialectName) in feeds {
                guard let exchange = Exchange(rawValue: exchangeName), let dialect = Dialect(rawValue: dialectName), dialect.exchange == exchange
                else { return nil }
                dialects[exchange] = dialect
            }
            return dialects.isEmpty ? nil : dialects
        default:
            return nil
        }
    }

    /// Appends each feed's frames and responses to one file as they arrive, tagged with the
    /// exchange (``recorder(for:)``).
    final class Writer: Sendable {
        private let file: FileHandle
        private let state: Mutex<(encoder: JSONEncoder, frames: Int)>

        /// Creates (or empties) `path` and writes the header naming each exchange's dialect.
        init(path: String, feeds: [Exchange: Dialect]) throws {
            try CoinboardError.refuseIrregularFile(at: path)
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else { throw CoinboardError.unwritableFile(path) }
            self.file = file
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let header = Header(feeds: Dictionary(uniqueKeysWithValues: feeds.map { ($0.key.rawValue, $0.value.rawValue) }))
            file.write(try encoder.encode(header) + Data("\n".utf8))
            state = Mutex((encoder: encoder, frames: 0))
        }

        /// Frames written so far.
        var frames: Int { state.withLock { $0.frames } }

        /// What `exchange`'s feed records through.
        func recorder(for exchange: Exchange) -> any WireRecorder {
            ExchangeRecorder(writer: self, exchange: exchange)
        }

        fileprivate func write(_ line: Line, isFrame: Bool) {
            state.withLock { state in
                guard let data = try? state.encoder.encode(line) else { return }
                file.write(data + Data("\n".utf8))
                if isFrame { state.frames += 1 }
            }
        }
    }

    /// One exchange's recorder: its lines carry the exchange's name.
    private struct ExchangeRecorder: WireRecorder {
        let writer: Writer
        let exchange: Exchange

        func record(frame bytes: UnsafeRawBufferPointer) {
            writer.write(
                Line(at: SystemClock.wallNow().microseconds, exchange: exchange.rawValue, frame: String(decoding: bytes, as: UTF8.self)),
                isFrame: true)
        }

        func record(response body: UnsafeRawBufferPointer, request pathAndQuery: String) {
            writer.write(
                Line(
                    at: SystemClock.wallNow().microseconds, exchange: exchange.rawValue, request: pathAndQuery,
                    body: String(decoding: body, as: UTF8.self)),
                isFrame: false)
        }
    }
}
