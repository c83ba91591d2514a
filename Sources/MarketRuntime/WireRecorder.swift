/// Sees the raw bytes a feed receives, before they are decoded (`coinboard record` writes
/// them down, so a session can be replayed and benchmarked).
public protocol WireRecorder: Sendable {
    /// A WebSocket frame, as it arrived.
    func record(frame: UnsafeRawBufferPointer)
    /// A successful REST response's body, with the path and query it answered.
    func record(response body: UnsafeRawBufferPointer, request pathAndQuery: String)
}
