#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The `--stats` line: `stats: <what>N frames in S s, R frames/s with J jobs; peak memory M MiB`.
    public static func line(_ what: String, frames: Int, elapsed: Duration, jobs: Int) -> String {
        let seconds = elapsed.seconds
        return "stats: " + what
            + String(
                format: "%d frames in %.2f s, %.1f frames/s with %d jobs; peak memory %.1f MiB", frames, seconds,
                seconds > 0 ? Double(frames) / seconds : 0, jobs, Double(peakResidentBytes) / 1_048_576)
    }

    /// The `--stats` line of a live run: its frames, its attempts and the slowest time from reading the frame that
    /// decided an attempt to having run and printed it.
    public static func liveLine(frames: Int, runLatencies: [Duration]) -> String {
        let milliseconds = runLatencies.map { $0.seconds * 1000 }
        return String(
            format: "stats: live, %d frames; %d attempts, each run and printed within %.2f ms (the slowest) of reading the frame that decided it",
            frames, milliseconds.count, milliseconds.max() ?? 0)
    }
}
