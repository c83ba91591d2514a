import ArgumentParser
import FeedPipeline

/// `coinboard replay FILE`: the dashboard, fed from a recording instead of an exchange.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recording (coinboard record) in the dashboard.",
        discussion: """
            The same as coinboard tui --replay FILE, with the dashboard's options. \
            coinboard snapshot --replay FILE --speed 0 prints the state at the recording's end instead. \
            When the recording ends, the status bar says so and the last state stays on screen.
            """
    )

    @Argument(help: "The recording to play.")
    var file: String

    @Option(help: "Replay speed: 2 plays twice as fast as recorded, 0 as fast as it can be taken in.")
    var speed: Double = 1

    @OptionGroup var dashboard: DashboardOptions

    func validate() throws {
        guard (0...1000).contains(speed) else { throw ValidationError("--speed must be between 0 and 1000") }
    }

    func run() async throws {
        try await dashboard.run { _ in try .replay(of: file, speed: speed) }
    }
}
