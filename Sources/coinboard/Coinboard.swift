import ArgumentParser

/// The `coinboard` command: a terminal dashboard for Korean-exchange coin quotes.
@main
struct Coinboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coinboard",
        abstract: "Live Korean-exchange coin quotes in the terminal.",
        version: "0.1.0",
        subcommands: [DecodeCommand.self, ServeDemoCommand.self]
    )
}
