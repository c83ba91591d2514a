public import Foundation

/// The structure of a JSON document without its values: every key path with the kinds of
/// value found there (`[]` stands for any array element), e.g. `[].orderbook_units[].ask_price: number`.
/// Two documents of the same wire shape have the same `JSONShape`.
public struct JSONShape: Equatable, CustomStringConvertible {
    /// Kinds of value by path.
    public private(set) var kinds: [String: Set<String>] = [:]

    /// The shape of a JSON document.
    public init(_ bytes: [UInt8]) throws {
        add(try JSONDecoder().decode(Node.self, from: Data(bytes)), at: "")
    }

    /// The paths present.
    public var paths: Set<String> { Set(kinds.keys) }

    public var description: String {
        kinds.keys.sorted().map { "\($0): \(kinds[$0]!.sorted().joined(separator: "|"))" }.joined(separator: "\n")
    }

    private mutating func add(_ node: Node, at path: String) {
        switch node {
        case .object(let members):
            kinds[path, default: []].insert("object")
            for (key, value) in members { add(value, at: path.isEmpty ? key : path + "." + key) }
        case .array(let elements):
            kinds[path, default: []].insert("array")
            for element in elements { add(element, at: path + "[]") }
        case .scalar(let kind):
            kinds[path, default: []].insert(kind)
        }
    }

    private enum Node: Decodable {
        case object([String: Node])
        case array([Node])
        case scalar(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .scalar("null")
            } else if (try? container.decode(Bool.self)) != nil {
                self = .scalar("bool")
            } else if (try? container.decode(Double.self)) != nil {
                self = .scalar("number")
            } else if (try? container.decode(String.self)) != nil {
                self = .scalar("string")
            } else if let elements = try? container.decode([Node].self) {
                self = .array(elements)
            } else {
                self = .object(try container.decode([String: Node].self))
            }
        }
    }
}
