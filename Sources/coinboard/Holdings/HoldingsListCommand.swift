import ArgumentParser
import Foundation
import MarketCore
import Persistence
import Reports

/// `coinboard holdings list`: the file alone, no network.
struct HoldingsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the positions and entries the file holds, without connecting.")

    @OptionGroup var file: HoldingsFileOptions

    @Option(help: "Output format: json or table.")
    var format: ReportFormat = .table

    func run() async throws {
        let loaded = try await HoldingsFileOptions.file(try file.settings()).load()
        HoldingsEdit.report(loaded.notice)
        let text = try HoldingsReport(listing: loaded.holdings).text(format: format)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
