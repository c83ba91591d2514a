import Benchmark

/// coinboard's benchmarks: decoding each dialect's real captured frames, applying them to the
/// market state, publishing snapshots, and rendering each screen — throughput, time and
/// allocations per operation.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .instructions, .mallocCountTotal],
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )
    decodeBenchmarks()
    stateBenchmarks()
    renderBenchmarks()
}
