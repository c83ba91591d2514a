import ArgumentParser

/// `coinboard` (or `coinboard tui`): the live dashboard.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Show the live dashboard (the default command).",
        discussion: """
            Every KRW market live, a Favorites tab, and one market's order book, trades and chart. \
            Press ? in the dashboard for the keys. The terminal is restored on q, Ctrl-C, SIGTERM and errors. \
            Settings come from the built-in defaults, then $XDG_CONFIG_HOME/coinboard/config.toml, \
            then --config, then these flags; the view you leave is remembered in \
            $XDG_STATE_HOME/coinboard/state.json.
            """
    )

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var dashboard: DashboardOptions

    func run() async throws {
        try await dashboard.run(feedFlags: exchange.flags) { settings in try exchange.plan(settings: settings) }
    }
}
