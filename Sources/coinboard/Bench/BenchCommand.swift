import ArgumentParser

/// `coinboard bench`: measurements of coinboard's own hot paths.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure coinboard's hot paths (use the release build: swift build -c release).",
        subcommands: [PipelineBenchmark.self, ScreenBenchmark.self, CandleStoreBenchmark.self]
    )
}
