import Foundation
import Glibc
import MarketCore
import SystemTime

/// Sets aside a file that is not what it should be, so it is never overwritten and the user
/// can look at it.
public enum Quarantine {
    /// Moves `file` to a free `<file>.corrupt-<UTC time>[-n]` name and returns it; call under
    /// the folder's lock. `link` fails rather than replace a name that exists, so no earlier
    /// quarantined file is ever lost; where the file system has no hard links, a rename to a
    /// name checked free does the same under the lock.
    public static func setAside(_ file: String) -> String? {
        let stem = file + ".corrupt-" + fileTime(SystemClock.wallNow())
        for attempt in 1...1000 {
            let aside = attempt == 1 ? stem : stem + "-\(attempt)"
            if link(file, aside) == 0 {
                unlink(file)
                return aside
            }
            if errno == EEXIST { continue }
            guard access(aside, F_OK) != 0 else { continue }
            return rename(file, aside) == 0 ? aside : nil
        }
        return nil
    }

    private static func fileTime(_ time: Timestamp) -> String {
        let civil = time.civilTime(in: .utc)
        return civil.dateText(separator: "") + "T" + civil.timeText(separator: "") + "Z"
    }
}
