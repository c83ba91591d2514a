public import MarketCore
public import TerminalKit

/// A fact the dashboard reacts to.
public enum UIAction: Sendable, Equatable {
    /// The user pressed a key.
    case keyPressed(Key)
    /// The user clicked or turned the wheel.
    case mouse(MouseEvent)
    /// The store published a snapshot of every exchange followed.
    case snapshotArrived(BoardSnapshot)
    /// The terminal changed size.
    case resized(Size)
    /// Time passed: the clock now reads this (flashes fade, the status clock moves).
    case tick(Timestamp)
    /// The saved watchlist was read at start.
    case watchlistLoaded(Watchlist)
    /// The file now holds this watchlist (merged with another instance's changes); it replaces
    /// the favorites and alerts shown if they are still `replacing`, not changed since.
    case watchlistSynced(Watchlist, replacing: Watchlist)
    /// The watchlist cannot be saved or read (and is being retried), or `nil`: it works again.
    case watchlistProblem(String?)
    /// The saved holdings were read at start.
    case holdingsLoaded(Holdings)
    /// The file now holds these holdings (merged with another instance's changes); they replace
    /// those shown if they are still `replacing`.
    case holdingsSynced(Holdings, replacing: Holdings)
    /// The holdings cannot be saved or read (and are being retried), or `nil`: they work again.
    case holdingsProblem(String?)
    /// An exchange account was read (`U`): it replaces that exchange's last read.
    case accountRead(AccountRead)
    /// The account of an exchange could not be read, and why (one line, no key in it).
    case accountNotRead(Exchange, reason: String)
    /// Something the user should know (a corrupt watchlist set aside, say); the status bar shows it.
    case notice(String?)
}

/// Something the dashboard asks the rest of the app to do.
public enum UICommand: Sendable, Hashable {
    /// Save the favorites and alerts.
    case saveWatchlist(Watchlist)
    /// Save the holdings.
    case saveHoldings(Holdings)
    /// Read the exchanges' accounts (``DashboardSettings/readableAccounts``).
    case readAccounts
    /// Ring the terminal's bell (an alert fired).
    case ringBell
    /// Stream the book and trades of this market (none for `nil`) and its candles in this
    /// interval; with `reference`, the reference exchange's trades and candles of the coin too.
    case follow(MarketCode?, CandleInterval, reference: Bool = false)
    /// Fetch from this exchange the page of the market's candles before this time.
    case fetchEarlierCandles(Exchange, MarketCode, CandleInterval, before: Timestamp)
    /// Leave the dashboard.
    case quit
}
