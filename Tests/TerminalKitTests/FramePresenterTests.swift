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

    @Test func theBufferPresentedTwoFramesAgoComesBackBlankForTheNextFrame() {
        let backend = RecordingBackend(size: Size(width: 6, height: 2))
        var presenter = FramePresenter()
        var first = presenter.blankFrame(size: backend.size)
        first.write("가나다", x: 0, y: 0)
        presenter.present(first, on: backend)
        var second = presenter.blankFrame(size: backend.size)
        #expect(second == Buffer(size: backend.size))
        second.write("abc", x: 0, y: 1)
        presenter.present(second, on: backend)
        let third = presenter.blankFrame(size: backend.size)
        #expect(third == Buffer(size: backend.size), "the first frame's cells are cleared")
        #expect(presenter.present(third, on: backend) == 3, "diffed against the second frame, still held")
        #expect(presenter.blankFrame(size: Size(width: 3, height: 1)) == Buffer(size: Size(width: 3, height: 1)))
    }
}
