/// Why a frame or a body could not be decoded, or what the exchange answered instead of data.
public enum WireError: Error, Sendable, Hashable {
    /// The frame is larger than a codec accepts.
    case frameTooLarge(bytes: Int, limit: Int)
    /// The bytes are not valid JSON.
    case invalidJSON(offset: Int, reason: String)
    /// Valid JSON, but no message this dialect knows (`type` unknown or absent).
    case unknownMessage(String)
    /// A required field is absent.
    case missingField(String)
    /// A field is present with the wrong JSON type or an unparsable value.
    case invalidField(String, reason: String)
    /// A value outside what the field allows, such as a negative size.
    case invalidValue(String, value: String)
    /// A value that breaks one of the ``WireRule``s every dialect enforces.
    case brokenRule(WireRule, field: String, value: String)
    /// The exchange answered with an error instead of data.
    case exchange(code: String, message: String)
}
