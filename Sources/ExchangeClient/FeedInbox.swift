import EventLoopExecution
import MarketRuntime
import MarketWire
import NIOCore
import Synchronization

/// What one WebSocket connection's frames decoded to, waiting for its session: everything one
/// read brought is handed on as one ``FeedMessage``. The connection reads only when the session
/// asks for more and nothing waits here, so at most one read's frames are ever held, however
/// slow the session.
final class FeedInbox: Sendable {
    private struct State {
        var batch = FeedMessage(events: [], frames: 0)
        var ending: Result<FeedMessage?, any Error>?
        var waiter: CheckedContinuation<FeedMessage?, any Error>?
        /// No read before this.
        var readNotBefore = NIODeadline.uptimeNanoseconds(0)

        mutating func takeBatch() -> FeedMessage {
            defer { batch = FeedMessage(events: [], frames: 0) }
            return batch
        }

        /// What the session gets now: a batch, the end, or nothing yet.
        mutating func take() -> Result<FeedMessage?, any Error>? {
            if batch.frames > 0 { return .success(takeBatch()) }
            return ending
        }
    }

    private let state = Mutex(State())
    private let channel: any Channel

    /// An inbox for `channel`, which reads only when asked (`autoRead` off).
    init(channel: any Channel) {
        self.channel = channel
    }

    // MARK: The connection's side (its event loop)

    /// Adds one frame's decoded messages to the batch being read.
    func append(_ decoded: DecodedMessages) {
        state.withLock { state in
            if state.batch.frames == 0 {
                state.batch = FeedMessage(decoded)
            } else {
                state.batch.append(decoded)
                state.batch.frames += 1
            }
        }
    }

    /// Hands the batch to a waiting session: the read is complete.
    func deliver() {
        let handOver = state.withLock { state -> (CheckedContinuation<FeedMessage?, any Error>, FeedMessage)? in
            guard state.batch.frames > 0, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, state.takeBatch())
        }
        if let (waiter, batch) = handOver { waiter.resume(returning: batch) }
    }

    /// Ends the messages once the batch held is taken: with `error`, or (`nil`) as closed by
    /// the exchange. The first ending stays.
    func finish(_ error: (any Error)?) {
        let handOver = state.withLock { state -> (CheckedContinuation<FeedMessage?, any Error>, Result<FeedMessage?, any Error>)? in
            if state.ending == nil { state.ending = error.map { .failure($0) } ?? .success(nil) }
            guard let waiter = state.waiter, let next = state.take() else { return nil }
            state.waiter = nil
            return (waiter, next)
        }
        if let (waiter, next) = handOver { waiter.resume(with: next) }
    }

    // MARK: The session's side

    /// Makes the next read wait until `delay` from now.
    func holdNextRead(for delay: Duration) {
        let deadline = NIODeadline.now() + TimeAmount(saturating: delay)
        state.withLock { $0.readNotBefore = deadline }
    }

    /// The next batch, read when none is held; `nil` once the connection has closed, and
    /// `CancellationError` when the task is cancelled.
    func next() async throws -> FeedMessage? {
        if let ready = state.withLock({ $0.take() }) { return try ready.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (ready, readNotBefore) = state.withLock { state -> (Result<FeedMessage?, any Error>?, NIODeadline) in
                    if let ready = state.take() { return (ready, state.readNotBefore) }
                    state.waiter = continuation
                    return (nil, state.readNotBefore)
                }
                if let ready {
                    continuation.resume(with: ready)
                } else if readNotBefore > .now() {
                    channel.eventLoop.scheduleTask(deadline: readNotBefore) { [channel] in channel.read() }
                } else {
                    channel.read()
                }
            }
        } onCancel: {
            finish(CancellationError())
        }
    }
}

/// A connection's batches as the session reads them.
struct FeedInboxMessages: AsyncSequence, Sendable {
    typealias Element = FeedMessage
    typealias Failure = any Error

    let inbox: FeedInbox

    struct AsyncIterator: AsyncIteratorProtocol {
        let inbox: FeedInbox

        mutating func next() async throws -> FeedMessage? {
            try await inbox.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(inbox: inbox)
    }
}
