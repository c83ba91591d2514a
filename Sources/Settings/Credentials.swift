public import AccountAuth
import Foundation
import Glibc
public import MarketCore
import Persistence
import TOMLKit

/// The API keys coinboard may use to read an account, by exchange: from the environment
/// (`COINBOARD_UPBIT_ACCESS_KEY` and `COINBOARD_UPBIT_SECRET_KEY`, `COINBOARD_BITHUMB_…`), or
/// else from `$XDG_CONFIG_HOME/coinboard/credentials.toml`:
///
/// ```toml
/// [upbit]
/// access_key = "…"
/// secret_key = "…"
/// ```
///
/// The file is read only when it is a regular file owned by the user with no permission for
/// the group or others (mode 0600 or stricter); otherwise it is refused with one line, which
/// never quotes the file's text. Keys never come from a flag (flags show in `ps`).
public enum Credentials {
    /// `$XDG_CONFIG_HOME/coinboard/credentials.toml`, or `~/.config/coinboard/credentials.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        ConfigFolder.path(environment: environment) + "/credentials.toml"
    }

    /// The key pair for `exchange`: the environment's when both its variables are set, else the
    /// file's; `nil` when neither has one. Once a pair is found the process writes no core file
    /// (its memory now holds the keys), whatever the shell's `ulimit -c` allowed.
    public static func keys(
        for exchange: Exchange, environment: [String: String], path: String? = nil
    ) throws(ConfigurationError) -> APIKeyPair? {
        let prefix = variablePrefix(for: exchange)
        let found: APIKeyPair?
        if let access = environment[prefix + "ACCESS_KEY"], let secret = environment[prefix + "SECRET_KEY"],
            !access.isEmpty, !secret.isEmpty
        {
            found = APIKeyPair(accessKey: access, secretKey: secret)
        } else {
            found = try read(path ?? defaultPath(environment: environment))[exchange]
        }
        if found != nil { forbidCoreFiles() }
        return found
    }

    /// Sets the core file size limit, soft and hard, to zero: a crash after the keys were read
    /// leaves no copy of the process's memory on disk.
    private static func forbidCoreFiles() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    }

    /// The key pair for `exchange`, as ``keys(for:environment:path:)`` finds it; throws
    /// ``ConfigurationError/missingKeys(exchange:path:)``, saying where keys go, when there is none.
    public static func requiredKeys(
        for exchange: Exchange, environment: [String: String], path: String? = nil
    ) throws(ConfigurationError) -> APIKeyPair {
        let path = path ?? defaultPath(environment: environment)
        guard let keys = try keys(for: exchange, environment: environment, path: path) else {
            throw .missingKeys(exchange: exchange, path: path)
        }
        return keys
    }

    /// The start of `exchange`'s variables: `COINBOARD_UPBIT_`.
    static func variablePrefix(for exchange: Exchange) -> String { "COINBOARD_\(exchange.rawValue.uppercased())_" }

    /// Every key pair in the file at `path` (none when there is no file).
    static func read(_ path: String) throws(ConfigurationError) -> [Exchange: APIKeyPair] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [:] }
        if let kind = RegularFile.irregularKind(at: path) { throw .notARegularFile(path: path, kind: kind) }
        guard info.st_uid == getuid() else {
            throw .unsafeCredentials(path: path, problem: "it is not owned by you")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw .unsafeCredentials(
                path: path, problem: "the group or others may read it (mode \(String(info.st_mode & 0o777, radix: 8)); chmod 600 it)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .badConfig(file: path, line: nil, key: nil, problem: "cannot be read as UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// The key pairs in `text`; an error names a line or a key, never a value.
    static func parse(_ text: String, file: String) throws(ConfigurationError) -> [Exchange: APIKeyPair] {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .badConfig(file: file, line: error.source.begin.line, key: nil, problem: "not valid TOML")
        } catch {
            throw .badConfig(file: file, line: nil, key: nil, problem: "not valid TOML")
        }
        let locator = KeyLocator(text: text)
        var pairs: [Exchange: APIKeyPair] = [:]
        for (name, value) in root {
            guard let exchange = Exchange(rawValue: name), exchange.isFollowed, let table = value.table else {
                throw .badConfig(
                    file: file, line: locator.line(of: [name]), key: name, problem: "unknown table (upbit or bithumb)")
            }
            var found: [String: String] = [:]
            for (key, entry) in table {
                guard key == "access_key" || key == "secret_key" else {
                    throw .badConfig(file: file, line: locator.line(of: [name, key]), key: "\(name).\(key)", problem: "unknown key")
                }
                guard let string = entry.string, !string.isEmpty,
                    string.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
                else {
                    throw .badConfig(
                        file: file, line: locator.line(of: [name, key]), key: "\(name).\(key)",
                        problem: "expected a key: a string without spaces or control characters")
                }
                found[key] = string
            }
            guard let access = found["access_key"], let secret = found["secret_key"] else {
                throw .badConfig(
                    file: file, line: locator.line(of: [name]), key: name, problem: "needs both access_key and secret_key")
            }
            pairs[exchange] = APIKeyPair(accessKey: access, secretKey: secret)
        }
        return pairs
    }
}
