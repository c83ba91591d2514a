/// The parts of an endpoint URL that a connection needs: `scheme://host[:port][/path][?query]`,
/// the host bracketed when it is IPv6 (`[::1]`). User information and fragments are not taken.
struct EndpointURL: Sendable, Hashable {
    /// The scheme, lowercased.
    let scheme: String
    /// The host, without brackets.
    let host: String
    /// The port written in the URL, if any.
    let port: Int?
    /// The request target: the path (at least `/`) and the query.
    let target: String

    /// Splits `url`; `nil` when it has no scheme, no host, user information or a bad port.
    init?(_ url: String) {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        scheme = url[..<schemeEnd.lowerBound].lowercased()
        let rest = url[schemeEnd.upperBound...]
        let delimiters: Set<Character> = ["/", "?", "#"]
        let authorityEnd = rest.firstIndex(where: delimiters.contains) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let pathAndQuery = rest[authorityEnd...].prefix { $0 != "#" }
        target = pathAndQuery.first == "/" ? String(pathAndQuery) : "/" + String(pathAndQuery)
        guard !authority.contains("@") else { return nil }
        let portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let afterHost = authority[authority.index(after: close)...]
            guard afterHost.isEmpty || afterHost.first == ":" else { return nil }
            portText = afterHost.isEmpty ? nil : afterHost.dropFirst()
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = String(parts[0])
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !host.isEmpty else { return nil }
        if let portText {
            guard let port = Int(portText), (1...65_535).contains(port) else { return nil }
            self.port = port
        } else {
            port = nil
        }
    }

    /// Whether the host is an IP address rather than a name.
    var hostIsAddress: Bool {
        let isIPv4 = host.split(separator: ".").count == 4 && host.allSatisfy { $0 == "." || ($0.isASCII && $0.isNumber) }
        return isIPv4 || host.contains(":")
    }
}
