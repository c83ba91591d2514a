import CursesTerminal
import Foundation
import Logging
import MarketCore
import SafeText
import SystemTime

/// A swift-log handler appending one line per message to a file, so logs never reach a
/// terminal that a dashboard or a script's output owns.
struct FileLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    private let label: String
    private let file: FileHandle

    /// Where a command's log goes.
    enum Destination {
        /// A file, appended to (`nil`: nowhere, the default of the commands that draw or print).
        case file(String?)
        /// Standard error, for `serve-demo`, which owns no terminal and prints nothing else there.
        case standardError
    }

    /// The one way commands build their logger: to `destination`, from `level` up. A file
    /// log also receives a crash's backtrace; exchange text in it is escaped (see ``log(event:)``).
    static func logger(label: String, to destination: Destination, level: Logger.Level = .info) throws -> Logger {
        var logger: Logger
        switch destination {
        case .file(nil):
            logger = Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
        case .file(let path?):
            logger = try fileLogger(label: label, path: path)
        case .standardError:
            logger = Logger(label: label, factory: { label in StreamLogHandler.standardError(label: label) })
        }
        logger.logLevel = level
        return logger
    }

    private static func fileLogger(label: String, path: String) throws -> Logger {
        try CoinboardError.refuseIrregularFile(at: path)
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CoinboardError.unwritableLog(path) }
        }
        guard let file = FileHandle(forWritingAtPath: path) else { throw CoinboardError.unwritableLog(path) }
        file.seekToEndOfFile()
        CrashRescue.install(logPath: path)
        return Logger(label: label, factory: { label in FileLogHandler(label: label, file: file) })
    }

    private init(label: String, file: FileHandle) {
        self.label = label
        self.file = file
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line: outside text in the message or the metadata has its unsafe characters
    /// escaped (`\n`, `\u{1B}`…), so no entry can forge another or reach a terminal raw.
    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let entry = "\(label): \(event.message)\(fields)".escapingUnsafeCharacters
        let line = "\(SystemClock.wallNow().iso8601) \(event.level) \(entry)\n"
        file.write(Data(line.utf8))
    }
}
