#if canImport(Glibc)
    import Glibc
#endif

/// The code and read-only data of the executable and its libraries held in the process's
/// resident memory.
///
/// A page of code, once run, stays mapped until the process exits, and the kernel maps the
/// 64 KiB around each page it faults in. Start-up alone runs some 9,000 functions (the
/// settings, the listings, the first REST answers, the candle store's SQLite, the TOML reader's
/// C++ library), so a dashboard kept open all day would hold every page start-up touched.
/// ``release()`` unmaps them: they stay in the page cache and come back, a minor fault each,
/// when the dashboard runs them again, so what stays resident is the code it keeps running.
/// Only pages read from a file are released: a mapping that holds a private copy of any page
/// (relocated data) is left alone, and writable mappings are never touched.
public enum ResidentCode {
    /// One mapping that may be released.
    struct Mapping: Equatable {
        let start: UInt
        let end: UInt
    }

    /// Unmaps the read-only, file-backed pages of the process's files from it (Linux; nothing
    /// elsewhere) and returns how many bytes of mappings were released.
    @discardableResult
    public static func release() -> Int {
        #if canImport(Glibc)
            guard let smaps = read("/proc/self/smaps") else { return 0 }
            var released = 0
            for mapping in releasable(smaps: smaps) {
                let length = Int(mapping.end - mapping.start)
                guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start),
                    madvise(start, length, MADV_DONTNEED) == 0
                else { continue }
                released += length
            }
            return released
        #else
            return 0
        #endif
    }

    /// The mappings of files in `smaps` (the text of `/proc/PID/smaps`) that are not writable
    /// and hold no anonymous page.
    static func releasable(smaps: String) -> [Mapping] {
        var result: [Mapping] = []
        var candidate: Mapping?
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            // A mapping's header starts with its address in lowercase hex; of the twenty-odd
            // lines of figures after it (`Size:`, `Rss:`, …), only `Anonymous:` is read.
            guard let first = line.utf8.first else { continue }
            if first.isLowercaseHexDigit {
                candidate = releasableMapping(line.split(separator: " ", omittingEmptySubsequences: true))
            } else if line.hasPrefix("Anonymous:"), let mapping = candidate {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count >= 2, fields[1] == "0" { result.append(mapping) }
                candidate = nil
            }
        }
        return result
    }

    /// The range of a mapping's header line (`start-end perms offset device inode path`) when
    /// it maps a file without write access; `nil` for any other mapping or line.
    private static func releasableMapping(_ fields: [Substring]) -> Mapping? {
        guard fields.count >= 6, fields[5].hasPrefix("/"), fields[1].count == 4, !fields[1].contains("w"),
            let dash = fields[0].firstIndex(of: "-"),
            let start = UInt(fields[0][..<dash], radix: 16),
            let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16), end > start
        else { return nil }
        return Mapping(start: start, end: end)
    }

    #if canImport(Glibc)
        /// A whole `/proc` file (whose size `stat` does not tell), read a block at a time.
        private static func read(_ path: String) -> String? {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var block = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                bytes.append(contentsOf: block[..<count])
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    #endif
}

extension UInt8 {
    fileprivate var isLowercaseHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
    }
}
