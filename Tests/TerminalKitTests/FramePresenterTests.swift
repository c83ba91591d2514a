import TerminalKit
import Testing

@Suite struct FramePresenterTests {
    @Test func onlyChangedCellsReachTheTerminal() {
        let backend = RecordingBackend(size: Size(width: 20, height: 3))
        var presenter = FramePresenter()
        var frame = Buffer(size: backend.size)
        frame.write("비트코인 131,250,000", x: 0, y: 0)
        #expect(presenter.present(frame, on: backend) == 60)
        frame.write("131,251,000", x: 9, y: 0)
        #expect(presenter.present(frame, on: backend) == 1)
        #expect(presenter.present(frame, on: backend) == 0)
        #expect(backend.screen.lines[0] == "비트코인 131,251,000")
        #expect(backend.flushes == 2)
    }

    @Test func aResizeRedrawsEverything() {
        let backend = RecordingBackend(size: Size(width: 4, height: 2))
        var presenter = FramePresenter()
        presenter.present(Buffer(size: backend.size), on: backend)
        backend.size = Size(width: 5, height: 2)
        var frame = Buffer(size: backend.size)
        frame.write("ab", x: 0, y: 1)
        #expect(presenter.present(frame, on: backend) == 10)
        #expect(backend.screen.lines == ["     ", "ab   "])
    }
}
