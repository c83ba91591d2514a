#if canImport(Glibc)
    import Glibc
#endif

/// The executable's code and read-only data held in the process's resident memory.
///
/// A page of code, once run, stays mapped until the process exits, and the kernel maps the
/// 64 KiB around each page it faults in. Start-up alone runs some 9,000 functions (the
/// listings, the settings, the first REST answers), so a dashboard kept open all day would hold
/// every page start-up touched. ``release()`` unmaps them: they stay in the page cache and come
/// back, a minor fault each, when the dashboard runs them again, so what stays resident is the
/// code it keeps running. Only pages read from the file are released: a mapping that holds a
/// private copy of any page (relocated data) is left alone, and writable mappings are never
/// touched.
public enum ResidentCode {
    /// One mapping of the executable that may be released.
    struct Mapping: Equatable {
        let start: UInt
        let end: UInt
    }

    /// Unmaps the executable's read-only, file-backed pages from the process (Linux; nothing
    /// elsewhere) and returns how many bytes of mappings were released.
    @discardableResult
    public static func release() -> Int {
        #if canImport(Glibc)
            guard let executable = executablePath(), let smaps = read("/proc/self/smaps") else { return 0 }
            var released = 0
            for mapping in releasable(smaps: smaps, executable: executable) {
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

    /// The mappings of `executable` in `smaps` (the text of `/proc/PID/smaps`) that are not
    /// writable and hold no anonymous page.
    static func releasable(smaps: String, executable: String) -> [Mapping] {
        var result: [Mapping] = []
        var candidate: Mapping?
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let header = mapping(fields, executable: executable) {
                candidate = header.releasable ? header.mapping : nil
            } else if fields.first == "Anonymous:", let mapping = candidate {
                if fields.count >= 2, fields[1] == "0" { result.append(mapping) }
                candidate = nil
            }
        }
        return result
    }

    /// A mapping's header line (`start-end perms offset device inode path`): its range, and
    /// whether it maps `executable` without write access.
    private static func mapping(
        _ fields: [Substring], executable: String
    ) -> (mapping: Mapping, releasable: Bool)? {
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: "-"),
            let start = UInt(fields[0][..<dash], radix: 16),
            let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16), end > start
        else { return nil }
        let permissions = fields[1]
        let path = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
        let releasable = path == executable && permissions.count == 4 && !permissions.contains("w")
        return (Mapping(start: start, end: end), releasable)
    }

    #if canImport(Glibc)
        /// The executable's path as the kernel names it in the process's mappings.
        private static func executablePath() -> String? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

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
