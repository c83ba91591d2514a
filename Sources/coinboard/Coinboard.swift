import ArgumentParser
import CursesTerminal
import Foundation
import Persistence
import SafeText
import Settings

/// The `coinboard` command: a terminal dashboard for Korean-exchange coin quotes.
@main
struct Coinboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coinboard",
        abstract: "Live Korean-exchange coin quotes in the terminal.",
        version: "0.1.0",
        subcommands: [
            DashboardCommand.self, SnapshotCommand.self, RecordCommand.self, ReplayCommand.self, DecodeCommand.self,
            ServeDemoCommand.self, BenchCommand.self, HoldingsCommand.self, CacheCommand.self,
        ],
        defaultSubcommand: DashboardCommand.self
    )

    /// Runs the command; any failure — a bad option included — is one line on stderr and a
    /// non-zero exit, never a usage dump: 2 for a configuration file that is not valid. `--help`
    /// and `--version` print as usual. A crash is one line too (see ``CrashRescue``).
    static func main() async {
        CrashRescue.install()
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = error is ConfigurationError ? ExitCode(2) : exitCode(for: error)
            guard code != .success, !(error is ExitCode) else { exit(withError: error) }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "failed"
            FileHandle.standardError.write(Data("coinboard: \(message.strippingUnsafeCharacters)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }
}
