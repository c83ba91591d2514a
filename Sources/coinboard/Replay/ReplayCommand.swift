import ArgumentParser

/// `coinboard replay FILE`: the dashboard, fed from a recording instead of an exchange.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recording (coinboard record) in the dashboard.",
        discussion: """
            The same as coinboard tui --replay FILE; further options go to the dashboard. \
            coinboard snapshot --replay FILE --speed 0 prints the state at the recording's end instead. \
            When the recording ends, the status bar says so and the last state stays on screen.
            """
    )

    @Argument(help: "The recording to play.")
    var file: String

    @Option(help: "Replay speed: 2 plays twice as fast as recorded, 0 as fast as it can be taken in.")
    var speed: Double = 1

    @Argument(parsing: .allUnrecognized, help: "Dashboard options (see coinboard tui --help).")
    var dashboardOptions: [String] = []

    func run() async throws {
        var dashboard = try DashboardCommand.parse(["--replay", file, "--speed", String(speed)] + dashboardOptions)
        try await dashboard.run()
    }
}
