import ArgumentParser
import FeedRecording
import Foundation
import MarketCore
import MarketWire

/// `coinboard bench pipeline`: decodes every frame of a recording and applies its events to
/// the market state, `--repeat` times, on one core; prints the rate as one JSON line.
struct PipelineBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Decode and apply recorded frames N times on one core; print {\"messages\",\"seconds\",\"messagesPerSecond\"}.",
        discussion: """
            --input is a recording (coinboard record) or a file of bare frames, one per line. \
            Foundation JSONDecoder on the same frames is timed by the benchmark package (Benchmarks/).
            """
    )

    @Option(help: "The wire dialect: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
    var dialect: Dialect

    @Option(help: "Frames to decode: a recording or one raw frame per line.")
    var input: String

    @Option(name: .customLong("repeat"), help: "Passes over the frames (after one warm-up pass).")
    var passes = 20

    struct Result: Encodable {
        var messages: Int
        var seconds: Double
        var messagesPerSecond: Double
        var events: Int
    }

    func validate() throws {
        guard (1...1_000_000).contains(passes) else { throw ValidationError("--repeat must be between 1 and 1000000") }
    }

    func run() throws {
        let frames = try FrameRecording(contentsOf: input).frames.map(\.bytes)
        guard !frames.isEmpty else { throw ValidationError("\(input) holds no frames") }
        _ = Self.decodeAndApply(frames, dialect: dialect, passes: 1)
        let clock = ContinuousClock()
        var events = 0
        let elapsed = clock.measure { events = Self.decodeAndApply(frames, dialect: dialect, passes: passes) }
        let messages = frames.count * passes
        let result = Result(
            messages: messages, seconds: elapsed.inSeconds, messagesPerSecond: Double(messages) / elapsed.inSeconds,
            events: events)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        FileHandle.standardOutput.write(try encoder.encode(result) + Data("\n".utf8))
    }

    /// The pipeline's own path: the dialect's codec, then the market state, per frame.
    @inline(never)
    static func decodeAndApply(_ frames: [[UInt8]], dialect: Dialect, passes: Int) -> Int {
        var events = 0
        for _ in 0..<passes {
            var codec = dialect.makeCodec()
            var state = MarketState()
            var decoded = DecodedMessages()
            for frame in frames {
                frame.withUnsafeBytes { codec.decode(frame: $0, into: &decoded) }
                for event in decoded.events { state.apply(event) }
                events += decoded.events.count
            }
            withExtendedLifetime(state) {}
        }
        return events
    }
}
