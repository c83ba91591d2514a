import AccountAuth
import Foundation
import Glibc
import MarketCore
import Testing

@testable import Settings

/// The API keys: from the environment or a file only the user can read, refused otherwise with
/// a line that never quotes a key, and never printed.
@Suite struct CredentialsTests {
    /// A scratch folder with a credentials file written at `mode`.
    final class Folder {
        let path = NSTemporaryDirectory() + "coinboard-credentials-\(UUID().uuidString)"
        var file: String { path + "/credentials.toml" }

        init(_ text: String?, mode: mode_t = 0o600) throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            if let text {
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
                chmod(file, mode)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static let text = """
        [upbit]
        access_key = "upbit-access-1"
        secret_key = "upbit-secret-1"

        [bithumb]
        access_key = "bithumb-access-1"
        secret_key = "bithumb-secret-1"
        """

    @Test func keysComeFromAFileOnlyTheUserCanRead() throws {
        let folder = try Folder(Self.text)
        let upbit = try Credentials.keys(for: .upbit, environment: [:], path: folder.file)
        #expect(upbit == APIKeyPair(accessKey: "upbit-access-1", secretKey: "upbit-secret-1"))
        #expect(try Credentials.keys(for: .bithumb, environment: [:], path: folder.file)?.secretKey == "bithumb-secret-1")
        #expect(try Credentials.keys(for: .upbit, environment: [:], path: folder.path + "/none.toml") == nil)
        chmod(folder.file, 0o400)
        #expect(try Credentials.keys(for: .upbit, environment: [:], path: folder.file) != nil, "read-only for the user is fine")
    }

    @Test func theEnvironmentComesFirst() throws {
        let folder = try Folder(Self.text)
        let environment = ["COINBOARD_UPBIT_ACCESS_KEY": "env-access", "COINBOARD_UPBIT_SECRET_KEY": "env-secret"]
        #expect(
            try Credentials.keys(for: .upbit, environment: environment, path: folder.file)
                == APIKeyPair(accessKey: "env-access", secretKey: "env-secret"))
        let half = ["COINBOARD_UPBIT_ACCESS_KEY": "env-access"]
        #expect(try Credentials.keys(for: .upbit, environment: half, path: folder.file)?.accessKey == "upbit-access-1")
        #expect(try Credentials.keys(for: .bithumb, environment: environment, path: folder.path + "/none")?.accessKey == nil)
    }

    @Test func noKeysSaysWhereTheyGo() throws {
        let folder = try Folder(nil)
        let none = folder.path + "/none.toml"
        let error = #expect(throws: ConfigurationError.missingKeys(exchange: .upbit, path: none)) {
            try Credentials.requiredKeys(for: .upbit, environment: [:], path: none)
        }
        #expect(
            error?.description
                == "no API keys for upbit: set COINBOARD_UPBIT_ACCESS_KEY and COINBOARD_UPBIT_SECRET_KEY, or [upbit] in \(none)")
    }

    @Test(arguments: [0o640, 0o604, 0o660, 0o644, 0o777] as [mode_t])
    func aFileTheGroupOrOthersCouldReadIsRefused(mode: mode_t) throws {
        let folder = try Folder(Self.text, mode: mode)
        #expect(throws: ConfigurationError.self) { try Credentials.keys(for: .upbit, environment: [:], path: folder.file) }
        do {
            _ = try Credentials.keys(for: .upbit, environment: [:], path: folder.file)
        } catch {
            #expect(error.description.hasPrefix("\(folder.file) is not used: the group or others may read it"))
            #expect(error.description.contains("chmod 600"))
        }
    }

    @Test func aFileSomeoneElseOwnsOrAFIFOIsRefused() throws {
        let folder = try Folder(Self.text)
        if chown(folder.file, getuid() &+ 4242, getgid()) == 0 {
            #expect(throws: ConfigurationError.unsafeCredentials(path: folder.file, problem: "it is not owned by you")) {
                try Credentials.keys(for: .upbit, environment: [:], path: folder.file)
            }
        }
        let fifo = folder.path + "/fifo.toml"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ConfigurationError.notARegularFile(path: fifo, kind: "a FIFO")) {
            try Credentials.keys(for: .upbit, environment: [:], path: fifo)
        }
    }

    @Test(arguments: [
        "[upbit]\naccess_key = \"a\"\nsecret_key = \"hunter2-secret\"\nextra = 1",
        "[upbit]\naccess_key = \"a\"\nsecret_key = \"hunter2-secret",
        "[upbit]\naccess_key = \"a\"",
        "[kraken]\naccess_key = \"a\"\nsecret_key = \"hunter2-secret\"",
        "[binance]\naccess_key = \"a\"\nsecret_key = \"hunter2-secret\"",
        "[upbit]\naccess_key = \"a\"\nsecret_key = \"hunter2 secret\"",
        "[upbit]\naccess_key = \"a\"\nsecret_key = 12",
        "access_key = \"hunter2-secret\"",
    ])
    func aBadFileIsOneLineThatQuotesNoKey(text: String) throws {
        let folder = try Folder(text)
        do {
            _ = try Credentials.keys(for: .upbit, environment: [:], path: folder.file)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.description.hasPrefix(folder.file))
            #expect(!error.description.contains("hunter2"), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aKeyPairNeverPrintsItself() {
        let pair = APIKeyPair(accessKey: "visible-access", secretKey: "visible-secret")
        var dumped = ""
        dump(pair, to: &dumped)
        for text in ["\(pair)", String(describing: pair), String(reflecting: pair), "\([pair])", "\(Optional(pair) as Any)", dumped] {
            #expect(!text.contains("visible"), "\(text)")
        }
    }
}
