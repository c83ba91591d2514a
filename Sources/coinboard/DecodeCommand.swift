public import ArgumentParser
import FeedRecording
import Foundation
import MarketWire
import Reports
import SafeText

/// `coinboard decode`: decodes recorded exchange frames and prints one line per event.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode recorded WebSocket frames and print the market events they hold.",
        discussion: """
            Each FILE holds one frame, or one frame per line when it ends in .jsonl. \
            Exits 0 when every frame decoded, 1 when any frame or entry was rejected.
            """
    )

    @Option(help: "The wire dialect: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
    var dialect: Dialect

    @Argument(help: "Files of recorded frames.")
    var files: [String]

    func run() throws {
        var codec = dialect.makeCodec()
        var events = 0
        var errors = 0
        for path in files {
            let frames: [[UInt8]]
            if path.hasSuffix(".jsonl") {
                frames = try FrameRecording(contentsOf: path).frames.map(\.bytes)
            } else {
                try CoinboardError.refuseIrregularFile(at: path)
                guard let data = FileManager.default.contents(atPath: path) else { throw CoinboardError.unreadableFile(path) }
                frames = [Array(data)]
            }
            for frame in frames {
                let decoded = frame.withUnsafeBytes { codec.decode(frame: $0) }
                for event in decoded.events { print(EventLine(event).text.strippingUnsafeCharacters) }
                for error in decoded.errors { print("error \(error)".strippingUnsafeCharacters) }
                events += decoded.events.count
                errors += decoded.errors.count
            }
        }
        print("\(events) events, \(errors) errors")
        if errors > 0 { throw ExitCode(1) }
    }
}

extension Dialect: ExpressibleByArgument {}
