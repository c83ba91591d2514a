import TerminalKit
import Testing

@testable import DashboardUI

/// Sends actions to a dashboard state as the app does and checks each one whole, as the
/// Composable Architecture's `TestStore` does: the exact commands it returns, and the whole
/// state after it. The test says what changes (`change` applied to the state before); every
/// other part must be as it was, so a change nobody expected fails the test.
struct ReducerStore {
    /// The state after the last action.
    private(set) var state: UIState

    /// A store starting from `state`.
    init(_ state: UIState) {
        self.state = state
    }

    /// Sends `action`; expects `commands` back and the state `change` makes of the one before.
    mutating func send(
        _ action: UIAction, _ commands: [UICommand] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout UIState) -> Void = { _ in }
    ) {
        var expected = state
        change(&expected)
        let returned = state.reduce(action)
        #expect(returned == commands, "the commands of \(action)", sourceLocation: sourceLocation)
        if state != expected {
            let differences = Self.differences(expected, state, path: "state")
            Issue.record("after \(action): \(differences.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
    }

    /// Presses `key`, checked as ``send(_:_:sourceLocation:_:)`` checks an action.
    mutating func press(
        _ key: Key, _ commands: [UICommand] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout UIState) -> Void = { _ in }
    ) {
        send(.keyPressed(key), commands, sourceLocation: sourceLocation, change)
    }

    /// Where `actual` differs from `expected`, field by field, each as `path: want … got …`.
    static func differences(_ expected: Any, _ actual: Any, path: String) -> [String] {
        let want = Mirror(reflecting: expected)
        let got = Mirror(reflecting: actual)
        guard want.displayStyle == .struct, !want.children.isEmpty, want.children.count == got.children.count else {
            let wantText = String(describing: expected)
            let gotText = String(describing: actual)
            return wantText == gotText ? [] : ["\(path): want \(wantText.prefix(300)) got \(gotText.prefix(300))"]
        }
        return zip(want.children, got.children).flatMap { pair in
            differences(pair.0.value, pair.1.value, path: path + "." + (pair.0.label ?? "?"))
        }
    }
}

extension UIState {
    /// Sends `action` while setting up a screen for a test of what it shows, expecting exactly
    /// `commands` back (what the screen then shows is the test's business).
    mutating func step(_ action: UIAction, _ commands: [UICommand] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reduce(action) == commands, "the commands of \(action)", sourceLocation: sourceLocation)
    }

    /// Presses `key` as ``step(_:_:sourceLocation:)-(UIAction,_,_)`` sends an action.
    mutating func step(_ key: Key, _ commands: [UICommand] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        step(.keyPressed(key), commands, sourceLocation: sourceLocation)
    }
}
