import Benchmark
import DashboardUI
import MarketCore
import TerminalKit

/// Drawing each screen from the UI state at 140x45, and the cell diff a frame sends to the
/// terminal after one price moved.
func renderBenchmarks() {
    let board = SimulatedBoard()
    var state = board.state
    let first = state.snapshot(at: board.now, feed: FeedStatus(state: .live))
    var moved = board.tickers[0]
    moved.price = moved.price + 1000
    state.apply(.ticker(moved))
    let second = state.snapshot(at: board.now, feed: FeedStatus(state: .live))

    var markets = UIState(settings: DashboardSettings(exchangeName: "DEMO"), size: Size(width: 140, height: 45), now: board.now)
    _ = markets.reduce(.snapshotArrived(BoardSnapshot(first)))
    var detail = markets
    _ = detail.reduce(.keyPressed(.enter))
    var movedMarkets = markets
    _ = movedMarkets.reduce(.snapshotArrived(BoardSnapshot(second)))

    for (name, screen) in [("markets", markets), ("detail", detail)] {
        Benchmark("render \(name) screen 140x45") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(DashboardScreen.render(screen)) }
        }
    }

    Benchmark("diff markets screen after one price moved") { benchmark in
        let before = DashboardScreen.render(markets)
        let after = DashboardScreen.render(movedMarkets)
        for _ in benchmark.scaledIterations { blackHole(after.diff(from: before)) }
    }
}
