import Foundation

/// A new empty folder under the system's temporary folder, named `coinboard-<kind>-<UUID>`.
func temporaryFolder(_ kind: String) throws -> String {
    let path = NSTemporaryDirectory() + "coinboard-\(kind)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
