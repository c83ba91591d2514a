extension JSONTokenizer {
    /// The one way in of every decode, frame or body: `bytes` longer than `limit` are refused,
    /// the rest tokenized and the root handed to `body`, which adds events (and the errors of
    /// entries it skips) to the result. An error `body` or the tokenizer throws is recorded;
    /// what was decoded before it is kept.
    mutating func decode(
        _ bytes: UnsafeRawBufferPointer, limit: Int,
        _ body: (JSONValue, inout DecodedMessages) throws(WireError) -> Void
    ) -> DecodedMessages {
        guard bytes.count <= limit else { return DecodedMessages(error: .frameTooLarge(bytes: bytes.count, limit: limit)) }
        var result = DecodedMessages()
        do throws(WireError) {
            try parse(bytes) { (root) throws(WireError) in try body(root, &result) }
        } catch {
            result.errors.append(error)
        }
        return result
    }
}
