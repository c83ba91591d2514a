/// Failures of starting a ``LivePipeline``.
public enum FeedPipelineError: Error, CustomStringConvertible, Equatable {
    /// The in-process demo exchange stopped before it was listening.
    case demoExchangeFailed

    public var description: String {
        switch self {
        case .demoExchangeFailed: "the demo exchange could not start"
        }
    }
}
