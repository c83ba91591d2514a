/// Search over Korean names that also takes initial consonants (초성): `ㅂㅌ` finds 비트코인,
/// and a query may mix them with whole syllables (`비ㅌ`).
enum HangulSearch {
    /// The initial consonants in syllable order (Unicode's choseong order), as compatibility
    /// jamo, which is what a Korean keyboard types.
    private static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]
    private static let firstSyllable: UInt32 = 0xAC00
    private static let lastSyllable: UInt32 = 0xD7A3
    /// Syllables that share an initial consonant: 21 vowels × 28 finals.
    private static let syllablesPerInitial: UInt32 = 588

    /// Whether `needle` (lower-cased) occurs in `name` (lower-cased here), where a consonant in
    /// the needle also matches any syllable starting with it.
    static func matches(_ needle: String, in name: String) -> Bool {
        let pattern = Array(needle.unicodeScalars)
        let text = Array(name.lowercased().unicodeScalars)
        guard !pattern.isEmpty else { return true }
        guard pattern.count <= text.count else { return false }
        return (0...(text.count - pattern.count)).contains { start in
            pattern.indices.allSatisfy { offset in matches(pattern[offset], text[start + offset]) }
        }
    }

    private static func matches(_ wanted: Unicode.Scalar, _ scalar: Unicode.Scalar) -> Bool {
        if wanted == scalar { return true }
        guard let initial = initial(of: scalar) else { return false }
        return wanted == initial
    }

    /// The initial consonant of a Hangul syllable, as compatibility jamo.
    static func initial(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (firstSyllable...lastSyllable).contains(scalar.value) else { return nil }
        return initials[Int((scalar.value - firstSyllable) / syllablesPerInitial)]
    }
}
