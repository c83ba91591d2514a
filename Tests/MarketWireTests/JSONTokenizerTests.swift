@testable import MarketWire
import Testing

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

    @Test(arguments: [#"{}"#, #"[]"#, #" {"a":[1,-2.5e3,true,false,null,{"b":"\u00e9\n\"x"}]} "#, #""str""#, "0", "-0.0E+1",
                      #"[[[[]]]]"#, #"{"a":{"b":{}}}"#])
    func acceptsValidJSON(text: String) {
        #expect(tokenize(text) == nil)
    }

    @Test(arguments: ["", "{", "[1,]", #"{"a":1,}"#, #"{"a" 1}"#, "[1 2]", "NaN", "Infinity", "-", "01", "1.", ".5", "1e",
                      #""unterminated"#, "\"tab\there\"", #""\x""#, #""\u12G4""#, "tru", "nulll", "[1]x", "{}{}", #"{1:2}"#])
    func rejectsInvalidJSON(text: String) {
        #expect(tokenize(text) != nil, "\(text)")
    }

    @Test func limitsNestingDepth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(tokenize(deep) == .invalidJSON(offset: JSONTokenizer.maxDepth, reason: "nested too deeply"))
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(tokenize(fine) == nil)
    }

    @Test func decodesEscapesAndLooksUpMembers() throws {
        var tokenizer = JSONTokenizer()
        let text = Array(#"{"name":"\ube44\ud2b8\ucf54\uc778 \"BTC\"","emoji":"\ud83d\ude00","lone":"\ud800x","n":[1,2,3]}"#.utf8)
        let result = try text.withUnsafeBytes { buffer in
            try tokenizer.parse(buffer) { root in
                (root["name"]?.stringValue, root["emoji"]?.stringValue, root["lone"]?.stringValue, root["n"]?.elements.count,
                 root["missing"] == nil)
            }
        }
        #expect(result.0 == "비트코인 \"BTC\"")
        #expect(result.1 == "😀")
        #expect(result.2 == "\u{FFFD}x")
        #expect(result.3 == 3)
        #expect(result.4)
    }
}
