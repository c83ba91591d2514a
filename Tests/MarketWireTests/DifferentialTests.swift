import MarketCore
import TestFixtures
import Testing

@testable import MarketWire

/// The shipped decoder against the previous one (``PreviousJSONTokenizer``, and each codec
/// decoding every frame with fresh storage) over every fixture and 100,000 generated frames:
/// the same tape token for token, the same events and errors frame for frame, and no event
/// changed by a frame decoded after it.
@Suite struct DifferentialTests {
    /// A token without its fingerprint (the previous tokenizer fingerprinted every string, the
    /// shipped one only member names, the only strings looked up by it).
    struct TokenShape: Hashable {
        let kind: JSONKind
        let start: Int32
        let end: Int32
        let next: Int32
    }

    static func shipped(_ bytes: [UInt8]) -> Result<[TokenShape], WireError> {
        var tokenizer = JSONTokenizer()
        return bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in try tokenizer.parse(buffer) { Self.shapes(of: $0) } }
        }
    }

    static func previous(_ bytes: [UInt8]) -> Result<[TokenShape], WireError> {
        var tokenizer = PreviousJSONTokenizer()
        return bytes.withUnsafeBytes { buffer in
            Result { () throws(WireError) in try tokenizer.parse(buffer) { Self.shapes(of: $0) } }
        }
    }

    static func shapes(of root: JSONValue) -> [TokenShape] {
        root.tokens.map { TokenShape(kind: $0.kind, start: $0.start, end: $0.end, next: $0.next) }
    }

    /// A frame as the previous decoder read it: its tokenizer, and storage of its own.
    static func previousDecode(_ dialect: Dialect, _ frame: [UInt8]) -> DecodedMessages {
        var result = DecodedMessages()
        guard frame.count <= WireLimits.frameBytes else {
            result.errors = [.frameTooLarge(bytes: frame.count, limit: WireLimits.frameBytes)]
            return result
        }
        var tokenizer = PreviousJSONTokenizer()
        var storage = DecodeStorage()
        frame.withUnsafeBytes { buffer in
            do throws(WireError) {
                try tokenizer.parse(buffer) { (root) throws(WireError) in
                    switch dialect {
                    case .bithumb, .upbit:
                        let profile: UpbitFamilyProfile = dialect == .upbit ? .upbit : .bithumb
                        try UpbitFamilyCodec.decodeFrame(root, profile: profile, storage: &storage, into: &result)
                    case .bithumbLegacy:
                        try BithumbLegacyCodec.decodeFrame(root, storage: &storage, into: &result)
                    case .binance:
                        try BinanceCodec.decodeFrame(root, storage: &storage, into: &result)
                    }
                }
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    @Test func everyFixtureTokenizesAsBefore() throws {
        var compared = 0
        for dialect in Dialect.allCases {
            for sample in try MutationTests.corpus(dialect) {
                #expect(Self.shipped(sample.bytes) == Self.previous(sample.bytes))
                compared += 1
            }
        }
        #expect(compared >= 50)
    }

    @Test(arguments: Dialect.allCases)
    func everyFixtureFrameDecodesAsBefore(dialect: Dialect) throws {
        let frames = try MutationTests.corpus(dialect).filter { $0.resource == nil }.map(\.bytes)
        #expect(!frames.isEmpty)
        var codec = dialect.makeCodec()
        for frame in frames {
            #expect(codec.decode(frame: frame) == Self.previousDecode(dialect, frame))
        }
    }

    /// 33,334 generated frames per dialect, all through one codec and one result, as a feed
    /// decodes them; the events are kept and compared again at the end. Binance's corpus is
    /// mostly REST bodies, which decode to errors as frames, so fewer of its frames hold events.
    @Test(arguments: Dialect.allCases)
    func generatedFramesDecodeAsBefore(dialect: Dialect) throws {
        let corpus = try MutationTests.corpus(dialect)
        var random = SeededGenerator(seed: 0xD1FF + UInt64(dialect.rawValue.utf8.count))
        var codec = dialect.makeCodec()
        var decoded = DecodedMessages()
        var kept: [MarketEvent] = []
        var expected: [MarketEvent] = []
        var outcomes = (events: 0, errors: 0, tapesCompared: 0)
        for round in 0..<33_334 {
            let frame = Self.generated(from: corpus[round % corpus.count].bytes, using: &random)
            if round % 4 == 0 {
                #expect(Self.shipped(frame) == Self.previous(frame))
                outcomes.tapesCompared += 1
            }
            let reference = Self.previousDecode(dialect, frame)
            frame.withUnsafeBytes { codec.decode(frame: $0, into: &decoded) }
            #expect(decoded == reference, "\(String(decoding: frame, as: UTF8.self))")
            kept += decoded.events
            expected += reference.events
            outcomes.events += decoded.events.count
            outcomes.errors += decoded.errors.count
        }
        #expect(kept == expected)
        #expect(outcomes.events > (dialect == .binance ? 1_500 : 5_000))
        #expect(outcomes.errors > 5_000)
    }

    /// A frame made from a real one: its numbers (and numeric strings) written anew in random
    /// shapes, valid or not; or its bytes mutated as ``MutationTests`` does; or both.
    static func generated(from frame: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: MutationTests.mutate(frame, using: &random)
        case 1: MutationTests.mutate(renumbered(frame, using: &random), using: &random)
        default: renumbered(frame, using: &random)
        }
    }

    static func renumbered(_ frame: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        guard case .success(let tokens) = previous(frame) else { return frame }
        let valid = Int.random(in: 0..<4, using: &random) > 0
        var result = frame
        let numeric = tokens.filter { token in
            token.kind == .number
                || (token.kind == .string && token.end > token.start
                    && frame[Int(token.start)..<Int(token.end)].allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D })
        }
        for token in numeric.reversed() where Int.random(in: 0..<3, using: &random) > 0 {
            let text = numberText(valid: valid, using: &random)
            result.replaceSubrange(Int(token.start)..<Int(token.end), with: Array(text.utf8))
        }
        return result
    }

    /// Numeric text of the shapes a feed could send: a sign, 1 to 24 integer digits, a
    /// fraction of 1 to 22 digits, an exponent. Unless `valid`, also what JSON forbids: no
    /// digits, leading zeros, a bare point or exponent.
    static func numberText(valid: Bool, using random: inout SeededGenerator) -> String {
        let lowest = valid ? 1 : 0
        let negative = Int.random(in: 0..<(valid ? 20 : 5), using: &random) == 0
        let integerDigits = [1, 1, 2, 3, 5, 8, 9, 10, 16, 17, 19, 20, 24, lowest].randomElement(using: &random)!
        let leadingZero = !valid && Int.random(in: 0..<8, using: &random) == 0
        let fractionDigits =
            Bool.random(using: &random) ? [lowest, 1, 2, 4, 7, 8, 9, 12, 16, 18, 19, 22].randomElement(using: &random)! : nil
        let exponent =
            Int.random(in: 0..<10, using: &random) == 0
            ? (["e", "E", "e-", "E+"].randomElement(using: &random)!, Int.random(in: lowest...3, using: &random)) : nil
        var text = (negative ? "-" : "") + (leadingZero ? "0" : "")
        if integerDigits > 0 { text += String(Int.random(in: lowest...9, using: &random)) + digits(integerDigits - 1, using: &random) }
        if let fractionDigits { text += "." + digits(fractionDigits, using: &random) }
        if let (marker, count) = exponent { text += marker + digits(count, using: &random) }
        return text
    }

    static func digits(_ count: Int, using random: inout SeededGenerator) -> String {
        String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
    }
}
