import Testing

@testable import MarketWire

@Suite struct JSONTokenizerTests {
    func tokenize(_ text: String) -> WireError? {
        var tokenizer = JSONTokenizer()
        return Array(text.utf8).withUnsafeBytes { buffer in
            do throws(WireError) {
                try tokenizer.tokenize(buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test(arguments: [
        #"{}"#, #"[]"#, #" {"a":[1,-2.5e3,true,false,null,{"b":"\u00e9\n\"x"}]} "#, #""str""#, "0", "-0.0E+1",
        #"[[[[]]]]"#, #"{"a":{"b":{}}}"#,
    ])
    func acceptsValidJSON(text: String) {
        #expect(tokenize(text) == nil)
    }

    @Test(arguments: [
        "", "{", "[1,]", #"{"a":1,}"#, #"{"a" 1}"#, "[1 2]", "NaN", "Infinity", "-", "01", "1.", ".5", "1e",
        #""unterminated"#, "\"tab\there\"", #""\x""#, #""\u12G4""#, "tru", "nulll", "[1]x", "{}{}", #"{1:2}"#,
    ])
    func rejectsInvalidJSON(text: String) {
        #expect(tokenize(text) != nil, "\(text)")
    }

    @Test func limitsNestingDepth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(tokenize(deep) == .invalidJSON(offset: JSONTokenizer.maxDepth, reason: "nested too deeply"))
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(tokenize(fine) == nil)
    }

    /// The tape is sized from the frame's length; the densest frames fill it exactly.
    @Test(arguments: ["5,000 ones", "5,000 empty arrays", "2,000 one-letter keys", "a number", "[0]", "an empty string"])
    func densestFramesFitTheTape(shape: String) {
        let text =
            switch shape {
            case "5,000 ones": "[" + Array(repeating: "1", count: 5_000).joined(separator: ",") + "]"
            case "5,000 empty arrays": "[" + Array(repeating: "[]", count: 5_000).joined(separator: ",") + "]"
            case "2,000 one-letter keys": "{" + (0..<2_000).map { #""\#($0 % 10)":0"# }.joined(separator: ",") + "}"
            case "a number": "1"
            case "[0]": "[0]"
            default: #""""#
            }
        #expect(tokenize(text) == nil)
    }

    /// A short frame that stops inside containers still open fits the tape: each opening
    /// bracket is a token of one byte (a fuzzer found `[` × 63 + `tche\n` writing past it).
    @Test(arguments: 1...70)
    func framesEndingInsideOpenContainersFitTheTape(depth: Int) {
        for tail in ["", "1", "x", "tche\n", #""""#, #"{"":"#] {
            let text = String(repeating: "[", count: depth) + tail
            #expect(tokenize(text) != nil, "\(text)")
        }
        #expect(tokenize(String(repeating: #"[{"":"#, count: depth)) != nil)
    }

    /// Lookups remember where the last one matched; any order, repeats and misses still find
    /// exactly the right member, and a reused tokenizer starts afresh.
    @Test func lookupsInAnyOrder() throws {
        var tokenizer = JSONTokenizer()
        let keys = ["a", "bb", "ccc", "dd", "e", "ab", "ba"]
        let text = Array(("{" + keys.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}").utf8)
        let orders: [[StaticString]] = [
            ["a", "bb", "ccc", "dd", "e", "ab", "ba"], ["ba", "ab", "e", "dd", "ccc", "bb", "a"],
            ["ccc", "a", "ba", "bb", "ccc", "zz", "dd", "e", "ab", "a"],
        ]
        for order in orders {
            let found = try text.withUnsafeBytes { buffer in
                try tokenizer.parse(buffer) { root in
                    order.map { key in root[key].map { String(decoding: $0.span, as: UTF8.self) } ?? "-" }
                }
            }
            let expected = order.map { key in keys.firstIndex(of: "\(key)").map(String.init) ?? "-" }
            #expect(found == expected)
        }
    }

    @Test func decodesEscapesAndLooksUpMembers() throws {
        var tokenizer = JSONTokenizer()
        let text = Array(#"{"name":"\ube44\ud2b8\ucf54\uc778 \"BTC\"","emoji":"\ud83d\ude00","lone":"\ud800x","n":[1,2,3]}"#.utf8)
        let result = try text.withUnsafeBytes { buffer in
            try tokenizer.parse(buffer) { root in
                (
                    root["name"]?.stringValue, root["emoji"]?.stringValue, root["lone"]?.stringValue, root["n"]?.elements.count,
                    root["missing"] == nil
                )
            }
        }
        #expect(result.0 == "비트코인 \"BTC\"")
        #expect(result.1 == "😀")
        #expect(result.2 == "\u{FFFD}x")
        #expect(result.3 == 3)
        #expect(result.4)
    }

    /// Integers read eight digits at a time, at their bounds: every length up to twenty digits,
    /// `UInt64.max` and one more, a minus where it is allowed, a stray byte in a whole word and
    /// in the digits after the words.
    @Test func unsignedIntegersAtTheirBounds() {
        func unsigned(_ text: String, allowingMinus: Bool = false) -> (UInt64, Bool)? {
            Array(text.utf8).withUnsafeBytes { JSONText.unsigned($0, allowingMinus: allowingMinus) }.map { ($0.value, $0.negative) }
        }
        var digits = ""
        for length in 1...19 {
            digits += String(length % 10)
            #expect(unsigned(digits)?.0 == UInt64(digits), "\(digits)")
        }
        #expect(unsigned("18446744073709551615")?.0 == UInt64.max)
        #expect(unsigned("18446744073709551616") == nil)
        #expect(unsigned("99999999999999999999") == nil)
        #expect(unsigned("123456789012345678901") == nil)
        #expect(unsigned("-1795894704618", allowingMinus: true).map { $0.0 == 1_795_894_704_618 && $0.1 } == true)
        #expect(unsigned("-1795894704618") == nil)
        #expect(unsigned("") == nil)
        #expect(unsigned("-", allowingMinus: true) == nil)
        #expect(unsigned("1795x94704618") == nil)
        #expect(unsigned("179589470461/") == nil)
        #expect(unsigned("0000000000000000000")?.0 == 0)
    }
}
