import Foundation
public import MarketCore
public import MarketRuntime
public import MarketWire
import Synchronization
public import SystemTime

/// Appends each feed's frames and responses to one recording as they arrive, a line each,
/// tagged with the exchange (``recorder(for:)``), and the forex quote's answers
/// (``rateRecorder``); the header goes first.
public final class RecordingWriter: Sendable {
    private let file: FileHandle
    private let clock: any RuntimeClock
    private let state: Mutex<(encoder: JSONEncoder, frames: Int)>

    /// Creates (or empties) `path` and writes the header naming each exchange's dialect and the
    /// `reference` among them, if any; each line's time is `clock`'s wall time when it is written.
    public init(
        path: String, feeds: [Exchange: Dialect], reference: Exchange? = nil, clock: any RuntimeClock = SystemClock()
    ) throws(RecordingError) {
        try RecordingError.refuseIrregularFile(at: path)
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path)
        else { throw .unwritable(path: path) }
        self.file = file
        self.clock = clock
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let header = try? encoder.encode(RecordingHeader(feeds: feeds, reference: reference)) else { throw .unwritable(path: path) }
        file.write(header + Data("\n".utf8))
        state = Mutex((encoder: encoder, frames: 0))
    }

    /// Frames written so far.
    public var frames: Int { state.withLock { $0.frames } }

    /// What `exchange`'s feed records through.
    public func recorder(for exchange: Exchange) -> any WireRecorder {
        ExchangeRecorder(writer: self, exchange: exchange)
    }

    /// What the forex quote's answers are recorded through (each as a `rate` line).
    public var rateRecorder: any WireRecorder { RateRecorder(writer: self) }

    fileprivate func write(exchange: Exchange?, frame: String? = nil, request: String? = nil, body: String? = nil, rate: String? = nil) {
        let line = RecordingLine(
            at: clock.wallNow().microseconds, exchange: exchange?.rawValue, frame: frame, request: request, body: body, rate: rate)
        state.withLock { state in
            guard let data = try? state.encoder.encode(line) else { return }
            file.write(data + Data("\n".utf8))
            if frame != nil { state.frames += 1 }
        }
    }
}

/// The forex quote's recorder: its answers as `rate` lines.
private struct RateRecorder: WireRecorder {
    let writer: RecordingWriter

    func record(frame bytes: UnsafeRawBufferPointer) {}

    func record(response body: UnsafeRawBufferPointer, request pathAndQuery: String) {
        writer.write(exchange: nil, rate: String(decoding: body, as: UTF8.self))
    }
}

/// One exchange's recorder: its lines carry the exchange's name.
private struct ExchangeRecorder: WireRecorder {
    let writer: RecordingWriter
    let exchange: Exchange

    func record(frame bytes: UnsafeRawBufferPointer) {
        writer.write(exchange: exchange, frame: String(decoding: bytes, as: UTF8.self))
    }

    func record(response body: UnsafeRawBufferPointer, request pathAndQuery: String) {
        writer.write(exchange: exchange, request: pathAndQuery, body: String(decoding: body, as: UTF8.self))
    }
}
