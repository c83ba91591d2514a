import ExchangeTestSupport
import Foundation
import Testing

/// A scratch folder holding configuration files, removed by ``remove()``.
struct ScratchConfig {
    let path = NSTemporaryDirectory() + "coinboard-config-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: path + "/xdg/coinboard", withIntermediateDirectories: true)
    }

    /// The environment that makes `xdg/coinboard/config.toml` the user's configuration.
    var environment: [String: String] { ["XDG_CONFIG_HOME": path + "/xdg"] }

    /// Writes `text` to `name` (relative to the folder) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Every way a configuration file can be wrong, through the real binary: exit status 2 and
/// one line naming the file, the line and the key; the file itself untouched.
@Suite struct ConfigurationErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "syntax error", text: "exchange = \"bithumb\"\nframe_rate = \n",
            expected: "bad.toml:2: not valid TOML: "),
        Case(
            name: "unknown key", text: "exchange = \"bithumb\"\n\n[colors]\nrize = \"red\"\n",
            expected: "bad.toml:4: colors.rize: unknown key (config/coinboard.toml lists every key)"),
        Case(
            name: "unknown table", text: "[endpoints.kraken]\nrest = \"https://api.kraken.com\"\n",
            expected: "bad.toml:1: endpoints.kraken: unknown key (config/coinboard.toml lists every key)"),
        Case(
            name: "a websocket for the rate", text: "[endpoints.fx]\nwebsocket = \"wss://example.com\"\n",
            expected: "bad.toml:2: endpoints.fx.websocket: unknown key (config/coinboard.toml lists every key)"),
        Case(
            name: "an unknown reference", text: "reference = \"kraken\"\n",
            expected: "bad.toml:1: reference: "),
        Case(
            name: "wrong type", text: "frame_rate = \"fast\"\n",
            expected: "bad.toml:1: frame_rate: expected an integer, found string \"fast\""),
        Case(
            name: "wrong type in a table", text: "# mine\n[endpoints.upbit]\nrest = 443\n",
            expected: "bad.toml:3: endpoints.upbit.rest: expected a string, found integer 443"),
        Case(
            name: "value out of range", text: "frame_rate = 120\n",
            expected: "bad.toml:1: frame_rate: 120 is out of range (1 to 60)"),
        Case(
            name: "value not among the choices", text: "default_tab = \"krw\"\nsort = \"volume\"\n",
            expected: "bad.toml:2: sort: \"volume\" is not one of \"value\", \"change\", \"popular\", \"strength\", \"premium\", \"price\", \"name\""),
        Case(
            name: "bad URL", text: "[endpoints.bithumb]\nwebsocket = \"https://example.com/ws\"\n",
            expected: "bad.toml:2: endpoints.bithumb.websocket: \"https://example.com/ws\" is not a ws or wss URL"),
        Case(
            name: "bad colour", text: "[colors]\nconvention = \"western\"\nheader = \"pink\"\n",
            expected:
                "bad.toml:3: colors.header: \"pink\" is not one of \"default\", \"black\", \"red\", \"green\", \"yellow\", \"blue\", \"magenta\", \"cyan\", \"white\""
        ),
    ]

    @Test("a bad --config file stops the dashboard before it starts", arguments: cases)
    func badConfigFile(_ example: Case) async throws {
        let folder = try ScratchConfig()
        defer { folder.remove() }
        let file = try folder.write("bad.toml", example.text)
        let outcome = try await CoinboardProcess.run(["--config", file], environment: folder.environment)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("coinboard: \(folder.path)/\(example.expected)"))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == example.text, "the user's file is never rewritten")
    }

    @Test func aBadUserConfigStopsEveryCommandThatReadsIt() async throws {
        let folder = try ScratchConfig()
        defer { folder.remove() }
        let file = try folder.write("xdg/coinboard/config.toml", "exchange = \"binance\"\n")
        for arguments in [["--demo"], ["snapshot", "--demo"]] {
            let outcome = try await CoinboardProcess.run(arguments, environment: folder.environment)
            #expect(outcome.status == 2)
            #expect(
                outcome.standardError
                    == "coinboard: \(file):1: exchange: \"binance\" is not one of \"bithumb\", \"bithumb-legacy\", \"upbit\", \"demo\"\n")
        }
    }

    @Test func aMissingOrUnreadableConfigFileIsNamed() async throws {
        let folder = try ScratchConfig()
        defer { folder.remove() }
        let missing = try await CoinboardProcess.run(["--config", folder.path + "/none.toml"], environment: folder.environment)
        #expect(missing.status == 2)
        #expect(missing.standardError == "coinboard: \(folder.path)/none.toml: no such file\n")
        let binary = folder.path + "/binary.toml"
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: binary))
        let unreadable = try await CoinboardProcess.run(["--config", binary], environment: folder.environment)
        #expect(unreadable.status == 2)
        #expect(unreadable.standardError == "coinboard: \(binary): cannot be read as UTF-8 text\n")
    }

    @Test func theDocumentedFileIsValid() async throws {
        let documented = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/coinboard.toml").path
        let outcome = try await CoinboardProcess.run([
            "snapshot", "--config", documented, "--demo", "--markets", "BTC",
            "--duration", "3", "--wait", "120", "--format", "table",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }
}

extension TimedEndToEndTests {
    /// Which settings win: built-in defaults < the user's config.toml < `--config` < flags,
    /// seen through `coinboard snapshot` against a demo exchange on loopback.
    @Suite struct ConfigurationPrecedenceTests {
        @Test func flagsOverConfigOverUserConfigOverDefaults() async throws {
            let folder = try ScratchConfig()
            defer { folder.remove() }
            try await withDemoExchange(markets: 10, rate: 100) { _, port in
                try folder.write(
                    "xdg/coinboard/config.toml",
                    """
                    exchange = "bithumb-legacy"
                    [endpoints.bithumb-legacy]
                    websocket = "ws://127.0.0.1:\(port)/pub/ws"
                    rest = "http://127.0.0.1:\(port)"
                    [endpoints.bithumb]
                    websocket = "ws://127.0.0.1:9/websocket/v1"
                    rest = "http://127.0.0.1:9"
                    """)
                let given = try folder.write(
                    "given.toml",
                    """
                    exchange = "bithumb"
                    [endpoints.bithumb]
                    websocket = "ws://127.0.0.1:\(port)/websocket/v1"
                    rest = "http://127.0.0.1:\(port)"
                    """)
                let common = ["snapshot", "--format", "json", "--markets", "BTC", "--duration", "3", "--wait", "120"]
                func exchange(_ arguments: [String]) async throws -> String? {
                    let outcome = try await CoinboardProcess.run(common + arguments, environment: folder.environment)
                    try #require(outcome.status == 0, "\(arguments): \(outcome.standardError)")
                    let json = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
                    return json?["exchange"] as? String
                }
                #expect(try await exchange([]) == "bithumb-legacy", "the user's config.toml over the defaults")
                #expect(try await exchange(["--config", given]) == "bithumb", "--config over the user's file, endpoints included")
                #expect(
                    try await exchange(["--config", given, "--exchange", "bithumb-legacy"]) == "bithumb-legacy",
                    "a flag over both files")
                let dead = try await CoinboardProcess.run(
                    common + [
                        "--config", given, "--rest-url", "http://127.0.0.1:9",
                        "--ws-url", "ws://127.0.0.1:9/websocket/v1",
                    ],
                    environment: folder.environment)
                #expect(dead.status != 0, "--ws-url and --rest-url over the files' endpoints")
            }
        }
    }
}
