import ArgumentParser
import FeedPipeline

/// How long `snapshot` and `record` collect: `--duration` seconds once market data flows from
/// every feed (the premium's reference too) and the won–dollar rate is read or has failed,
/// after waiting at most `--wait` seconds for that, so a slow start (a loaded machine, a far
/// exchange) shortens nothing that is collected.
struct CollectionOptions: ParsableArguments {
    @Option(
        help:
            "Seconds to collect, once market data flows from every feed and the won–dollar rate is read (default: 3 for snapshot, 60 for record); a replay stops once its recording has played."
    )
    var duration: Double?

    @Option(help: "Seconds to wait for market data to start flowing (and the rate to be read) before collecting anyway.")
    var wait: Double = 15

    func validate() throws {
        if let duration, !(duration > 0 && duration <= 86_400) {
            throw ValidationError("--duration must be between 0 and 86400 seconds")
        }
        guard wait >= 0, wait <= 3600 else { throw ValidationError("--wait must be between 0 and 3600 seconds") }
    }

    /// `--wait` as a duration.
    var waitLimit: Duration { .milliseconds(Int64(wait * 1000)) }

    /// Waits for `pipeline` to go live (at most `--wait`), then for `--duration` (or
    /// `defaultDuration` seconds); a replay ends sooner, once its recording has played whole.
    func collect(from pipeline: LivePipeline, defaultDuration: Double) async throws {
        let collecting = Duration.milliseconds(Int64((duration ?? defaultDuration) * 1000))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await pipeline.untilLive(waitingAtMost: waitLimit)
                try await Task.sleep(for: collecting)
            }
            if pipeline.replays > 0 { group.addTask { await pipeline.untilRecordingsPlayed() } }
            try await group.next()
            group.cancelAll()
        }
    }
}
