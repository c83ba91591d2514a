public import Foundation
public import MarketCore
public import MarketWire

/// A recording of one or several exchanges' feeds, one JSON line each: a header line
/// `{"coinboard":"recording","version":3,"feeds":{"binance":"binance","bithumb":"bithumb"},"reference":"binance"}`
/// (each exchange's dialect, the kimchi premium's reference among them when it was followed),
/// then per WebSocket frame
/// `{"at":<receive time, µs since 1970>,"exchange":"upbit","frame":"<the frame, as a JSON string>"}`,
/// per REST response `{"at":…,"exchange":…,"request":"/v1/market/all?isDetails=true","body":"<the body>"}`
/// and per answer of the won–dollar rate's forex quote `{"at":…,"rate":"<the body>"}`.
///
/// Version 2 recordings (no reference, no rate) and version 1 (one feed: `"dialect":"bithumb"`
/// in the header, lines without `exchange`) are read too, and so are files of bare frames, one
/// per line without a header (the shape `coinboard decode` reads), without times or responses.
///
/// A recorder stopped mid-write (killed, or the disk full) leaves its last line torn: a last
/// line with no newline after it that does not read is left out and noted in
/// ``endsInTornLine``; a bad line anywhere else refuses the file.
public struct FrameRecording: Sendable {
    /// One frame, when it arrived (unknown for bare frames) and from which exchange's feed.
    public struct Frame: Sendable, Hashable {
        /// When the frame arrived; `nil` for bare frames.
        public let receivedAt: Timestamp?
        /// The frame as it arrived.
        public let bytes: [UInt8]
        /// The feed it arrived on; `nil` for bare frames.
        public let exchange: Exchange?

        /// A frame `bytes` that arrived at `receivedAt` on `exchange`'s feed.
        public init(receivedAt: Timestamp?, bytes: [UInt8], exchange: Exchange?) {
            self.receivedAt = receivedAt
            self.bytes = bytes
            self.exchange = exchange
        }
    }

    /// Each recorded feed's dialect, by exchange; empty for a file of bare frames.
    public private(set) var dialects: [Exchange: Dialect] = [:]
    /// Every WebSocket frame, in arrival order.
    public private(set) var frames: [Frame] = []
    /// The first body recorded for each REST path and query, by exchange.
    public private(set) var responses: [Exchange: [String: [UInt8]]] = [:]
    /// The reference exchange among ``dialects``, when the premium's reference was recorded.
    public private(set) var reference: Exchange?
    /// The forex quote's answers, in arrival order.
    public private(set) var rateAnswers: [RateAnswer] = []

    /// One answer of the won–dollar rate's forex quote, and when it arrived.
    public struct RateAnswer: Sendable, Hashable {
        /// When it arrived.
        public let receivedAt: Timestamp
        /// The body as it arrived.
        public let body: [UInt8]

        /// An answer `body` that arrived at `receivedAt`.
        public init(receivedAt: Timestamp, body: [UInt8]) {
            self.receivedAt = receivedAt
            self.body = body
        }
    }
    /// Whether the last line was torn (cut off mid-write) and left out.
    public private(set) var endsInTornLine = false

    /// Whether the file had a header: a recording, not bare frames.
    public var isRecording: Bool { !dialects.isEmpty }

    /// `exchange`'s frames, in arrival order.
    public func frames(of exchange: Exchange) -> [Frame] {
        frames.filter { $0.exchange == exchange }
    }

    /// When the first frame arrived, the moment a replay starts from.
    public var startedAt: Timestamp? { frames.lazy.compactMap(\.receivedAt).min() }

    /// Reads the recording or file of bare frames at `path`.
    public init(contentsOf path: String) throws(RecordingError) {
        try RecordingError.refuseIrregularFile(at: path)
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        try self.init(data, path: path)
    }

    /// Reads a recording or bare frames from `data`; `path` names it in errors.
    public init(_ data: Data, path: String) throws(RecordingError) {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        for (index, line) in lines.enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D }) else { continue }
            do throws(RecordingError) {
                try read(line, number: index + 1, path: path, decoder: decoder)
            } catch {
                let isLastAndUnterminated = index == lines.count - 1
                guard isLastAndUnterminated, isRecording else { throw error }
                endsInTornLine = true
            }
        }
    }

    private mutating func read(_ line: Data, number: Int, path: String, decoder: JSONDecoder) throws(RecordingError) {
        let bad = RecordingError.badLine(path: path, line: number)
        if dialects.isEmpty, line.starts(with: Array(#"{"coinboard":"#.utf8)) {
            guard let header = try? decoder.decode(RecordingHeader.self, from: line), let dialects = header.dialects else { throw bad }
            self.dialects = dialects
            reference = header.referenceExchange.flatMap { dialects[$0] == nil ? nil : $0 }
        } else if isRecording {
            guard let recorded = try? decoder.decode(RecordingLine.self, from: line) else { throw bad }
            if let rate = recorded.rate, recorded.exchange == nil, reference != nil {
                rateAnswers.append(RateAnswer(receivedAt: Timestamp(microseconds: recorded.at), body: Array(rate.utf8)))
                return
            }
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
