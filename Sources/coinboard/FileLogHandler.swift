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

    /// A logger writing to `path` (appending), or discarding everything when `path` is `nil`.
    /// A crash's backtrace goes to the same file.
    static func logger(label: String, path: String?, level: Logger.Level = .info) throws -> Logger {
        guard let path else { return Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() }) }
        try CoinboardError.refuseIrregularFile(at: path)
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CoinboardError.unwritableLog(path) }
        }
        guard let file = FileHandle(forWritingAtPath: path) else { throw CoinboardError.unwritableLog(path) }
        file.seekToEndOfFile()
        CrashRescue.install(logPath: path)
        var logger = Logger(label: label, factory: { label in FileLogHandler(label: label, file: file) })
        logger.logLevel = level
        return logger
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
