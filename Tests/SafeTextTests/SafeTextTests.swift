import Foundation
import SafeText
import Testing

/// The one sanitiser: every kind of scalar that could change a terminal, reorder or hide text,
/// or forge a line is stripped for display, escaped for logs and JSON-escaped in JSON.
@Suite struct SafeTextTests {
    /// One of each kind: C0 (ESC, NUL, BEL, newline), DEL, C1 (CSI, NEL), bidi overrides,
    /// isolates and marks, zero-width characters, line and paragraph separators, BOM,
    /// interlinear annotations, soft hyphen, tag characters.
    static let unsafe: [Unicode.Scalar] = [
        "\u{1B}", "\u{0}", "\u{7}", "\n", "\r", "\t", "\u{7F}", "\u{9B}", "\u{85}", "\u{202E}", "\u{202A}", "\u{2066}",
        "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{200D}", "\u{2060}", "\u{2028}", "\u{2029}", "\u{FEFF}",
        "\u{FFF9}", "\u{AD}", "\u{E0001}", "\u{E0041}", "\u{E007F}", "\u{180E}",
    ]

    @Test(arguments: unsafe)
    func everyKindIsStrippedAndEscaped(scalar: Unicode.Scalar) {
        #expect(scalar.isUnsafeToShow)
        let text = "비트\(scalar)코인 BTC"
        #expect(text.strippingUnsafeCharacters == "비트코인 BTC")
        #expect(!text.escapingUnsafeCharacters.unicodeScalars.contains { $0.isUnsafeToShow })
        #expect(text.escapingUnsafeCharacters.hasPrefix("비트\\"))
    }

    @Test func safeTextIsLeftAlone() {
        for text in ["비트코인", "Bitcoin (BTC)", "▲1.74% ★ ● ─ ┃ ╽", "ｆｕｌｌ", "emoji 🚀", "한글 ㅂㅌ", "e\u{301}"] {
            #expect(text.isSafeToShow, "\(text)")
            #expect(text.strippingUnsafeCharacters == text)
            #expect(text.escapingUnsafeCharacters == text)
            #expect(text.escapingUnsafeCharactersInJSON == text)
        }
    }

    @Test func logEscapesNameWhatWasSent() {
        #expect("a\nb".escapingUnsafeCharacters == "a\\nb")
        #expect("\u{1B}[2J".escapingUnsafeCharacters == "\\u{1B}[2J")
        #expect("x\u{202E}y".escapingUnsafeCharacters == "x\\u{202E}y")
        #expect("tag\u{E0041}".escapingUnsafeCharacters == "tag\\u{E0041}")
    }

    /// JSON escaping keeps the value: decoding the escaped text gives back the original string.
    @Test func jsonEscapingKeepsTheValue() throws {
        let original = "name \u{202E}evil\u{1B}[31m \u{E0041}\u{2028}end"
        let encoded = String(decoding: try JSONEncoder().encode(["name": original]), as: UTF8.self)
        let escaped = encoded.escapingUnsafeCharactersInJSON
        #expect(escaped.isSafeToShow)
        #expect(escaped.contains(#"\u202E"#) && escaped.contains(#"\uDB40\uDC41"#))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded["name"] == original)
    }
}
