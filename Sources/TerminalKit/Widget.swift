/// Something that paints itself into an area of a buffer, and does nothing else.
public protocol Widget {
    /// Paints into `area` of `buffer`; nothing outside `area` is touched.
    func render(in area: Rect, into buffer: inout Buffer)
}
