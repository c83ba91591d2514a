import Testing

/// The end-to-end suites that run demo exchanges against a clock or in a terminal. They run
/// one after another: each test starts a demo exchange (the dashboard's simulates every
/// market), and on two cores one suite's load could push another's past its time limits.
@Suite(.serialized) enum TimedEndToEndTests {}
