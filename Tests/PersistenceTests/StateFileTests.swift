import Foundation
import Persistence
import Testing

/// The small state kept between runs: a round trip, nothing when there is nothing, a bad file
/// set aside (and the next save written afresh), a FIFO refused, and the XDG state path.
@Suite struct StateFileTests {
    struct Sample: Codable, Sendable, Equatable {
        var tab: String
        var zoom: Int
    }

    @Test func aSavedValueLoadsBackAndNothingSavedIsNothing() async throws {
        let folder = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = StateFile<Sample>(path: folder + "/nested/state.json")
        #expect(try await file.load().value == nil)
        try await file.save(Sample(tab: "favorites", zoom: 3))
        #expect(try await file.load().value == Sample(tab: "favorites", zoom: 3))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/nested") == ["state.json"])
    }

    @Test func aBadFileIsSetAsideAndTheNextSaveStartsAfresh() async throws {
        let folder = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.json"
        try Data("{\"version\": 1, \"value\": {\"tab\": 7}}".utf8).write(to: URL(fileURLWithPath: path))
        let file = StateFile<Sample>(path: path)
        let loaded = try await file.load()
        #expect(loaded.value == nil)
        #expect(loaded.notice?.hasPrefix("state.json was not valid; kept as \(path).corrupt-") == true)
        try await file.save(Sample(tab: "krw", zoom: 1))
        #expect(try await file.load().value == Sample(tab: "krw", zoom: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    }

    @Test func aFIFOIsRefused() async throws {
        let folder = try temporaryFolder("state")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.json"
        #expect(mkfifo(path, 0o600) == 0)
        await #expect(throws: PersistenceError.notARegularFile(path: path, kind: "a FIFO")) {
            try await StateFile<Sample>(path: path).load()
        }
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(
            StateFile<Sample>.defaultPath("state.json", environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/coinboard/state.json")
        #expect(
            StateFile<Sample>.defaultPath("state.json", environment: ["XDG_STATE_HOME": "", "HOME": "/h"])
                == "/h/.local/state/coinboard/state.json")
    }
}
