import FeedRecording
import Foundation
import Glibc
import MarketCore
import MarketRuntime
import MarketWire
import RuntimeTestSupport
import TestFixtures
import Testing

/// The recording format read and written: both versions, bare frames, a torn last line and
/// the lines that refuse a file.
@Suite("Recording: the format")
struct RecordingFormatTests {
    static let tickerFrame = #"{"type":"ticker","code":"KRW-BTC","trade_price":1}"#
    static let listing = #"[{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin"}]"#

    static func read(_ text: String) throws(RecordingError) -> FrameRecording {
        try FrameRecording(Data(text.utf8), path: "test.jsonl")
    }

    static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    @Test("version 2: each exchange's dialect, frames tagged with their exchange, the first body per request")
    func versionTwo() throws {
        let frame = try Self.jsonString(Self.tickerFrame)
        let recording = try Self.read(
            """
            {"coinboard":"recording","feeds":{"bithumb":"bithumb-legacy","upbit":"upbit"},"version":2}
            {"at":1700000000000000,"exchange":"upbit","request":"/v1/market/all?isDetails=true","body":\(try Self.jsonString(Self.listing))}
            {"at":1700000000000001,"exchange":"upbit","request":"/v1/market/all?isDetails=true","body":"[]"}
            {"at":1700000000500000,"exchange":"upbit","frame":\(frame)}
            {"at":1700000000250000,"exchange":"bithumb","frame":"{}"}

            """)
        #expect(recording.isRecording)
        #expect(recording.dialects == [.bithumb: .bithumbLegacy, .upbit: .upbit])
        #expect(
            recording.frames == [
                FrameRecording.Frame(
                    receivedAt: Timestamp(microseconds: 1_700_000_000_500_000), bytes: Array(Self.tickerFrame.utf8), exchange: .upbit),
                FrameRecording.Frame(receivedAt: Timestamp(microseconds: 1_700_000_000_250_000), bytes: Array("{}".utf8), exchange: .bithumb),
            ])
        #expect(recording.frames(of: .upbit).count == 1)
        #expect(recording.startedAt == Timestamp(microseconds: 1_700_000_000_250_000), "the earliest frame of any feed")
        #expect(recording.responses == [.upbit: ["/v1/market/all?isDetails=true": Array(Self.listing.utf8)]])
        #expect(!recording.endsInTornLine)
    }

    @Test("version 1: one dialect in the header, lines without an exchange belong to its exchange")
    func versionOne() throws {
        let recording = try Self.read(
            """
            {"coinboard":"recording","dialect":"bithumb","version":1}
            {"at":5,"frame":"{}"}
            """)
        #expect(recording.dialects == [.bithumb: .bithumb])
        #expect(recording.frames == [FrameRecording.Frame(receivedAt: Timestamp(microseconds: 5), bytes: Array("{}".utf8), exchange: .bithumb)])
    }

    @Test("bare frames, one a line, with no header: frames without time or exchange, no responses")
    func bareFrames() throws {
        let lines = try Fixture.lines("upbit-ws-ticker-1.jsonl")
        let text = lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        let recording = try Self.read(text)
        #expect(!recording.isRecording)
        #expect(recording.frames.map(\.bytes) == lines)
        #expect(recording.frames.allSatisfy { $0.receivedAt == nil && $0.exchange == nil })
        #expect(recording.startedAt == nil)
    }

    @Test("a last line torn mid-write is left out and noted; the same line anywhere else refuses the file")
    func tornLastLine() throws {
        let header = #"{"coinboard":"recording","feeds":{"bithumb":"bithumb"},"version":2}"#
        let whole = #"{"at":1,"exchange":"bithumb","frame":"{}"}"#
        let torn = #"{"at":2,"exchange":"bithumb","fra"#
        let recording = try Self.read([header, whole, torn].joined(separator: "\n"))
        #expect(recording.frames.count == 1)
        #expect(recording.endsInTornLine)
        #expect(throws: RecordingError.badLine(path: "test.jsonl", line: 3)) {
            try Self.read([header, whole, torn, whole].joined(separator: "\n"))
        }
        #expect(throws: RecordingError.badLine(path: "test.jsonl", line: 3), "a bad line with its newline was written whole") {
            try Self.read([header, whole, torn].joined(separator: "\n") + "\n")
        }
    }

    @Test(
        "a bad header refuses the file",
        arguments: [
            #"{"coinboard":"recording","version":4,"feeds":{"bithumb":"bithumb"}}"#,
            #"{"coinboard":"recording","version":2,"feeds":{"bithumb":"upbit"}}"#,
            #"{"coinboard":"recording","version":2,"feeds":{"bithumb":"bithumb","binance":"binance"},"reference":"binance"}"#,
            #"{"coinboard":"recording","version":3,"feeds":{"bithumb":"bithumb","binance":"binance"}}"#,
            #"{"coinboard":"recording","version":3,"feeds":{"binance":"binance"},"reference":"binance"}"#,
            #"{"coinboard":"recording","version":2,"feeds":{"kraken":"bithumb"}}"#,
            #"{"coinboard":"recording","version":2,"feeds":{}}"#,
            #"{"coinboard":"recording","version":1,"dialect":"bithumb","feeds":{"bithumb":"bithumb"}}"#,
            #"{"coinboard":"recording","version":1,"dialect":"nasdaq"}"#,
            #"{"coinboard":"recording","version":"2"#,
        ])
    func badHeader(header: String) {
        #expect(throws: RecordingError.badLine(path: "test.jsonl", line: 1)) {
            try Self.read(header + "\n" + #"{"at":1,"frame":"{}"}"# + "\n")
        }
    }

    @Test("a line of a feed the header does not name, or neither frame nor response, refuses the file")
    func badLines() {
        let header = #"{"coinboard":"recording","feeds":{"bithumb":"bithumb","upbit":"upbit"},"version":2}"#
        for line in [#"{"at":1,"exchange":"kraken","frame":"{}"}"#, #"{"at":1,"frame":"{}"}"#, #"{"at":1,"exchange":"upbit"}"#] {
            #expect(throws: RecordingError.badLine(path: "test.jsonl", line: 2), "\(line)") {
                try Self.read(header + "\n" + line + "\n")
            }
        }
    }

    @Test("a FIFO or a folder is refused before it is opened; a missing file is unreadable")
    func irregularFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coinboard-recording-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RecordingError.notARegularFile(path: fifo, kind: "a FIFO")) { try FrameRecording(contentsOf: fifo) }
        #expect(throws: RecordingError.notARegularFile(path: folder, kind: "a directory")) { try FrameRecording(contentsOf: folder) }
        #expect(throws: RecordingError.unreadable(path: folder + "/none")) { try FrameRecording(contentsOf: folder + "/none") }
        #expect(throws: RecordingError.notARegularFile(path: fifo, kind: "a FIFO")) {
            try RecordingWriter(path: fifo, feeds: [.bithumb: .bithumb])
        }
    }

    @Test("version 3: the reference among the feeds, its frames and the rate's answers read; a rate line without a reference refuses the file")
    func version3() throws {
        let header = #"{"coinboard":"recording","feeds":{"binance":"binance","bithumb":"bithumb"},"reference":"binance","version":3}"#
        let lines = [
            header, #"{"at":5,"exchange":"binance","frame":"{\"e\":\"24hrMiniTicker\"}"}"#, #"{"at":7,"rate":"[{\"code\":\"FRX.KRWUSD\"}]"}"#,
            #"{"at":9,"exchange":"bithumb","frame":"{}"}"#,
        ]
        let recording = try Self.read(lines.joined(separator: "\n") + "\n")
        #expect(recording.dialects == [.bithumb: .bithumb, .binance: .binance])
        #expect(recording.reference == .binance)
        #expect(recording.frames(of: .binance).count == 1 && recording.frames(of: .bithumb).count == 1)
        #expect(
            recording.rateAnswers == [
                FrameRecording.RateAnswer(receivedAt: Timestamp(microseconds: 7), body: Array(#"[{"code":"FRX.KRWUSD"}]"#.utf8))
            ])
        let version2 = #"{"coinboard":"recording","feeds":{"bithumb":"bithumb"},"version":2}"#
        #expect(throws: RecordingError.badLine(path: "test.jsonl", line: 2)) {
            try Self.read(version2 + "\n" + #"{"at":7,"rate":"[]"}"# + "\n")
        }
    }

    @Test("what the writer writes reads back: the header, each feed's frames and responses at the clock's time")
    func writtenReadsBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("coinboard-recording-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = SteppedClock()
        let writer = try RecordingWriter(path: path, feeds: [.bithumb: .bithumb, .upbit: .upbit], clock: clock)
        let frame = Array(#"{"type":"ticker","note":"줄\n바꿈 \"따옴표\""}"#.utf8)
        frame.withUnsafeBytes { writer.recorder(for: .upbit).record(frame: $0) }
        clock.advance(by: .milliseconds(5))
        Array(Self.listing.utf8).withUnsafeBytes { writer.recorder(for: .bithumb).record(response: $0, request: "/v1/market/all") }
        #expect(writer.frames == 1)
        let recording = try FrameRecording(contentsOf: path)
        #expect(recording.dialects == [.bithumb: .bithumb, .upbit: .upbit])
        #expect(
            recording.frames == [FrameRecording.Frame(receivedAt: clock.wallNow().advanced(byMicroseconds: -5000), bytes: frame, exchange: .upbit)])
        #expect(recording.responses == [.bithumb: ["/v1/market/all": Array(Self.listing.utf8)]])
        #expect(recording.reference == nil && recording.rateAnswers.isEmpty)
        let withReference = try RecordingWriter(path: path, feeds: [.bithumb: .bithumb, .binance: .binance], reference: .binance, clock: clock)
        Array("[]".utf8).withUnsafeBytes { withReference.rateRecorder.record(response: $0, request: "/v1/forex/recent") }
        let written = try FrameRecording(contentsOf: path)
        #expect(written.reference == .binance)
        #expect(written.rateAnswers == [FrameRecording.RateAnswer(receivedAt: clock.wallNow(), body: Array("[]".utf8))])
    }
}
