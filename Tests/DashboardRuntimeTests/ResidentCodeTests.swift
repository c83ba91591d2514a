import Testing

@testable import DashboardRuntime

/// Which mappings ``ResidentCode`` lets go of, and that letting go leaves the process running
/// its code.
@Suite struct ResidentCodeTests {
    /// `/proc/self/smaps` of a release dashboard (cut to the fields read), with its code, its
    /// read-only data, its relocated read-only data (anonymous pages), its writable data, the
    /// heap, a library's code, the stack, the vDSO and a file replaced since it was mapped.
    static let smaps = """
        5a0c1e400000-5a0c1ecd5000 r--p 00000000 fe:00 16221627                   /opt/coin board/coinboard
        Size:               8916 kB
        Rss:                1984 kB
        Anonymous:             0 kB
        5a0c1ecd5000-5a0c20c73000 r-xp 008d4000 fe:00 16221627                   /opt/coin board/coinboard
        Size:              32376 kB
        Rss:               13344 kB
        Anonymous:             0 kB
        5a0c20c73000-5a0c20dc0000 r--p 02871000 fe:00 16221627                   /opt/coin board/coinboard
        Size:               1332 kB
        Rss:                1332 kB
        Anonymous:          1332 kB
        5a0c20dc0000-5a0c2335d000 rw-p 029bd000 fe:00 16221627                   /opt/coin board/coinboard
        Size:              38516 kB
        Rss:                2992 kB
        Anonymous:           484 kB
        5a0c2335d000-5a0c234cf000 rw-p 00000000 00:00 0                          [heap]
        Rss:                 612 kB
        Anonymous:           612 kB
        7fc3a0044000-7fc3a019a000 r-xp 00026000 fe:00 333151                     /usr/lib/x86_64-linux-gnu/libc.so.6
        Rss:                1200 kB
        Anonymous:             0 kB
        7fc3a019a000-7fc3a01ed000 r--p 0017c000 fe:00 333151                     /usr/lib/x86_64-linux-gnu/libc.so.6
        Rss:                 332 kB
        Anonymous:            16 kB
        7ffd5c1e0000-7ffd5c201000 rw-p 00000000 00:00 0                          [stack]
        Rss:                 132 kB
        Anonymous:           132 kB
        7ffd5c3f2000-7ffd5c3f4000 r-xp 00000000 00:00 0                          [vdso]
        Rss:                   8 kB
        Anonymous:             0 kB
        7fc3a0200000-7fc3a0299000 r-xp 00000000 fe:00 16221627                   /opt/coin board/coinboard (deleted)
        Rss:                 612 kB
        Anonymous:             0 kB
        """

    @Test func onlyPagesReadFromFilesAreReleased() {
        #expect(
            ResidentCode.releasable(smaps: Self.smaps) == [
                ResidentCode.Mapping(start: 0x5a0c_1e40_0000, end: 0x5a0c_1ecd_5000),
                ResidentCode.Mapping(start: 0x5a0c_1ecd_5000, end: 0x5a0c_20c7_3000),
                ResidentCode.Mapping(start: 0x7fc3_a004_4000, end: 0x7fc3_a019_a000),
                ResidentCode.Mapping(start: 0x7fc3_a020_0000, end: 0x7fc3_a029_9000),
            ])
    }

    @Test func textThatIsNotSmapsReleasesNothing() {
        for text in ["", "garbage\nAnonymous: 0 kB", "zz-yy r-xp 0 fe:00 1 /x\nAnonymous: 0 kB", "10-0 r-xp 0 fe:00 1 /x\nAnonymous: 0 kB"] {
            #expect(ResidentCode.releasable(smaps: text).isEmpty, "\(text)")
        }
    }

    /// This test process lets go of its own code and data read from its file, and runs on.
    @Test func theProcessRunsOnAfterReleasingItsCode() {
        #expect(ResidentCode.release() > 0)
        #expect(ResidentCode.releasable(smaps: Self.smaps).count == 4)
        #expect(ResidentCode.release() > 0)
    }
}
