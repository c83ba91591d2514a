/// The kind of a JSON value on the tape.
enum JSONKind: UInt8 {
    case object, array, string, escapedString, number, `true`, `false`, null
}

/// One value on the tape. Strings and numbers point at their bytes in the source (a string's
/// span excludes its quotes); containers point at their brackets. `next` is the index of the
/// token after this value and everything inside it. A member name also carries a
/// ``fingerprint`` of its content, so looking a member up by name rarely compares bytes; an
/// object carries ``lookupStart``, where the next lookup of one of its members begins.
struct JSONToken {
    var kind: JSONKind
    var fingerprint: UInt32 = 0
    var start: Int32
    var end: Int32
    var next: Int32
    /// For an object: the token of the member name after the one last looked up, so fields
    /// read in wire order are each found at the first try (0 until the first lookup).
    var lookupStart: Int32 = 0

    /// Length, first, middle and last byte of a string's content, packed: equal strings have
    /// equal fingerprints, and member names of one object seldom share one.
    static func fingerprint(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt32 {
        let length = end &- start
        guard length > 0 else { return 0 }
        return UInt32(truncatingIfNeeded: length) & 0xFF | UInt32(bytes[start]) << 8
            | UInt32(bytes[start &+ length / 2]) << 16 | UInt32(bytes[end &- 1]) << 24
    }
}
