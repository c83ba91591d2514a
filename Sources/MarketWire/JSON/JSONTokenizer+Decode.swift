extension JSONTokenizer {
    /// The one way in of every decode, frame or body: `bytes` longer than `limit` are refused,
    /// the rest tokenized and the root handed to `body`, which adds events (and the errors of
    /// entries it skips) to `result`. An error `body` or the tokenizer throws is recorded; what
    /// was decoded before it is kept.
    mutating func decode(
        _ bytes: UnsafeRawBufferPointer, limit: Int, into result: inout DecodedMessages,
        _ body: (JSONValue, inout DecodedMessages) throws(WireError) -> Void
    ) {
        guard bytes.count <= limit else {
            result.errors.append(.frameTooLarge(bytes: bytes.count, limit: limit))
            return
        }
        do throws(WireError) {
            try parse(bytes) { (root) throws(WireError) in try body(root, &result) }
        } catch {
            result.errors.append(error)
        }
    }

    /// Decodes one WebSocket frame into `result`, replacing what it held; `body` reads lists
    /// into the codec's `storage` (see ``DecodeStorage``).
    mutating func decode(
        frame: UnsafeRawBufferPointer, storage: inout DecodeStorage, into result: inout DecodedMessages,
        _ body: (JSONValue, inout DecodeStorage, inout DecodedMessages) throws(WireError) -> Void
    ) {
        result.removeAll()
        decode(frame, limit: WireLimits.frameBytes, into: &result) { (root, result) throws(WireError) in
            try body(root, &storage, &result)
        }
    }
}

extension JSONTokenizer {
    /// ``parse(_:_:)`` over an array's bytes, the error's type kept.
    mutating func parse<Value>(array bytes: [UInt8], _ body: (JSONValue) throws(WireError) -> Value) throws(WireError) -> Value {
        let outcome: Result<Value, WireError> = bytes.withUnsafeBytes { raw in
            do throws(WireError) {
                return .success(try parse(raw, body))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
