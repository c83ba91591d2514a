import ArgumentParser
import DashboardUI
import FeedRecording
import Foundation
import MarketCore
import MarketRuntime
import MarketWire
import TerminalKit

/// `coinboard bench screen`: plays a recording into the market state as fast as it decodes and
/// draws the dashboard whenever a frame would be due at the recording's own pace, the way the
/// app draws it (snapshot, reduce, render, diff), into a terminal that only counts cells.
///
/// Everything runs on one thread, synchronously, with no clock read, so the work is the same
/// every run (and valgrind, which an awaiting main thread crashes, can count it):
/// `scripts/callgrind.py` counts the instructions of ``drawFrame(of:into:at:presenter:cache:terminal:)``.
struct ScreenBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Draw the dashboard from a recording at its recorded pace; print {\"frames\",\"messages\",\"cells\"}.",
        discussion: """
            --input is a recording (coinboard record) holding the listing; its first exchange is played, \
            with the premium's reference and the first won–dollar rate when it holds them (version 3). \
            With --detail the detail view of --market is drawn (record it with --markets naming it).
            """
    )

    @Option(help: "A recording made by coinboard record.")
    var input: String

    @Flag(help: "Draw the detail view of --market instead of the market table.")
    var detail = false

    @Option(help: "The market the detail view shows.")
    var market = "KRW-BTC"

    @Option(help: "Frames a second of recorded time.")
    var frameRate = 30

    @Option(name: .customLong("repeat"), help: "Passes over the recording.")
    var passes = 1

    struct Result: Encodable {
        var frames: Int
        var messages: Int
        var cells: Int
    }

    func validate() throws {
        guard (1...240).contains(frameRate) else { throw ValidationError("--frame-rate must be between 1 and 240") }
        guard (1...1_000).contains(passes) else { throw ValidationError("--repeat must be between 1 and 1000") }
        guard MarketCode(code: market) != nil else { throw ValidationError("--market must be a market code such as KRW-BTC") }
    }

    func run() throws {
        let recording = try FrameRecording(contentsOf: input)
        guard let exchange = recording.dialects.keys.filter(\.isFollowed).min(),
            let start = try PlayedBoard(recording, exchange: exchange, path: input, focus: detail ? MarketCode(code: market) : nil)
        else { throw ValidationError("\(input) is not a recording (coinboard record makes one)") }
        guard let firstMoment = recording.startedAt else { throw ValidationError("\(input) holds no frames") }
        let frameStep = Int64(1_000_000 / frameRate)
        var result = Result(frames: 0, messages: 0, cells: 0)
        for _ in 0..<passes {
            var board = start
            var ui = UIState(settings: settings, size: Size(width: 140, height: 45), now: firstMoment)
            var presenter = FramePresenter()
            var cache = ScreenCache()
            let terminal = CountingTerminal()
            var nextFrameAt = firstMoment
            var isDetailOpen = false
            for frame in board.frames(of: recording) {
                let at = frame.receivedAt ?? nextFrameAt
                if at >= nextFrameAt {
                    Self.drawFrame(of: &board, into: &ui, at: at, presenter: &presenter, cache: &cache, terminal: terminal)
                    if detail && !isDetailOpen {
                        // The table lists the markets once the first snapshot is in; Enter then opens --market.
                        _ = ui.reduce(.keyPressed(.enter))
                        isDetailOpen = true
                    }
                    result.frames += 1
                    nextFrameAt = at.advanced(byMicroseconds: frameStep)
                }
                board.apply(frame, at: at)
                result.messages += 1
            }
            result.cells += terminal.cells
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        FileHandle.standardOutput.write(try encoder.encode(result) + Data("\n".utf8))
    }

    private var settings: DashboardSettings {
        DashboardSettings(exchangeName: "BENCH", lastMarket: MarketCode(code: market))
    }

    /// One frame as the app draws it: the store's snapshot, the clock's tick when the screen
    /// reads differently, the snapshot taken in, the screen rendered and diffed.
    @inline(never)
    static func drawFrame(
        of board: inout PlayedBoard, into ui: inout UIState, at now: Timestamp, presenter: inout FramePresenter,
        cache: inout ScreenCache, terminal: CountingTerminal
    ) {
        if ui.readsDifferently(at: now) { _ = ui.reduce(.tick(now)) }
        if let snapshot = board.snapshot(at: now) { _ = ui.reduce(.snapshotArrived(snapshot)) }
        let frame = DashboardScreen.render(ui, into: presenter.blankFrame(size: ui.size), cache: &cache)
        presenter.present(frame, on: terminal)
    }
}

/// A terminal that counts the cells it is given and shows nothing: the benchmark measures
/// coinboard's own work, not the terminal library's.
final class CountingTerminal: TerminalBackend {
    let size = Size(width: 140, height: 45)
    private(set) var cells = 0
    let inputReady = AsyncStream<Void> { $0.finish() }

    func start() throws(TerminalError) {}
    func draw(_ changes: [CellChange]) { cells += changes.count }
    func clear() {}
    func flush() {}
    func pendingEvents() -> [TerminalEvent] { [] }
    func restore() {}
    func ringBell() {}
}
