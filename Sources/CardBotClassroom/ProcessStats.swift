#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CardBotSupport
import Foundation

/// Figures about this process, for `--stats`.
public enum ProcessStats {
    /// The peak resident memory of this process so far, in bytes.
    public static var peakResidentBytes: Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss) * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }

    /// The `--stats` line: `stats: [S sessions, ]N frames in T s, R frames/s with J jobs; peak memory M MiB`, in the
    /// reader's language (the `stats:` key stays, for scripts that look for it).
    public static func line(sessions: Int? = nil, frames: Int, elapsed: Duration, jobs: Int) -> String {
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Double(frames) / seconds : 0
        let memory = Double(peakResidentBytes) / 1_048_576
        var what = ""
        if let sessions { what = Messages.plural("%d session, ", "%d sessions, ", count: sessions, sessions) }
        return "stats: " + what
            + Messages.plural(
                "%1$d frame in %2$s s, %3$s frames/s with %4$d jobs; peak memory %5$s MiB",
                "%1$d frames in %2$s s, %3$s frames/s with %4$d jobs; peak memory %5$s MiB", count: frames, frames,
                Messages.decimal(String(format: "%.2f", seconds)), Messages.decimal(String(format: "%.1f", rate)), jobs,
                Messages.decimal(String(format: "%.1f", memory)))
    }

    /// The `--stats` line of a live run: its frames, its attempts and the slowest time from reading the frame that
    /// decided an attempt to having run and printed it.
    public static func liveLine(frames: Int, runLatencies: [Duration]) -> String {
        let milliseconds = runLatencies.map { $0.seconds * 1000 }
        return "stats: "
            + Messages.text(
                "live, %1$d frames; %2$d attempts, each run and printed within %3$s ms (the slowest) of reading the frame that decided it",
                frames, milliseconds.count, Messages.decimal(String(format: "%.2f", milliseconds.max() ?? 0)))
    }
}
