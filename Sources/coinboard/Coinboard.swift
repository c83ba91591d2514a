import ArgumentParser

@main
struct Coinboard: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coinboard", abstract: "x", version: "0.1.0")
}
