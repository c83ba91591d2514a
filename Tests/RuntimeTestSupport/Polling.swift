/// Looks at `condition` until it holds, at most `looks` times with `pause` between: true if
/// it came to hold. The bound counts looks, not wall time, so a test starved of CPU on a loaded
/// machine (the suite runs in parallel on two cores) gets as many looks as on an idle one; a
/// passing test stops at the first look that sees the condition.
public func eventually(
    looks: Int = 6000, pause: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async throws -> Bool {
    for _ in 0..<looks {
        if try await condition() { return true }
        try await Task.sleep(for: pause)
    }
    return try await condition()
}
