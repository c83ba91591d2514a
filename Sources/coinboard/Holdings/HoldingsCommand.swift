import ArgumentParser

/// `coinboard holdings`: what you hold, what it cost and what it is worth.
struct HoldingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "holdings",
        abstract: "What you hold, what it cost and what it is worth now.",
        discussion: """
            The holdings file (--holdings, or the holdings key, default \
            $XDG_CONFIG_HOME/coinboard/holdings.json) keeps the trades you enter with add and sell. \
            A sell lowers the cost in proportion and takes (price − average) × quantity as realized profit. \
            KRW as the market is won put in (add) or taken out (sell), kept apart from the coins.
            """,
        subcommands: [
            HoldingsShowCommand.self, HoldingsAddCommand.self, HoldingsSellCommand.self, HoldingsRemoveCommand.self,
            HoldingsListCommand.self, HoldingsSyncCommand.self,
        ],
        defaultSubcommand: HoldingsShowCommand.self
    )
}
