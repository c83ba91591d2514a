public import MarketCore
public import TerminalKit

/// A fact the dashboard reacts to.
public enum UIAction: Sendable {
    /// The user pressed a key.
    case keyPressed(Key)
    /// The store published a snapshot.
    case snapshotArrived(MarketSnapshot)
    /// The terminal changed size.
    case resized(Size)
    /// Time passed: the clock now reads this (flashes fade, the status clock moves).
    case tick(Timestamp)
    /// The saved favorites were read.
    case favoritesLoaded([MarketCode])
    /// Something outside the screen went wrong (e.g. the watchlist could not be saved); the
    /// status bar shows it. `nil` clears the previous message.
    case notice(String?)
}

/// Something the dashboard asks the rest of the app to do.
public enum UICommand: Sendable, Hashable {
    /// Save the favorites, in this order.
    case saveFavorites([MarketCode])
    /// Stream the book and trades of this market (none for `nil`) and its candles in this interval.
    case follow(MarketCode?, CandleInterval)
    /// Leave the dashboard.
    case quit
}
