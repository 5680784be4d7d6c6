import ArgumentParser
import CardBotImaging

/// A time in a recording as a person types it: `42`, `42.5`, `0:42`, `1:02.5` or `1:02:03`.
package struct ClockTime: ExpressibleByArgument, Sendable, Equatable {
    /// Seconds from the start of the recording.
    package var seconds: Double

    /// Reads `argument` with ``FrameStamp/seconds(clock:)``; nil (a usage error naming the option) otherwise.
    package init?(argument: String) {
        guard let seconds = FrameStamp.seconds(clock: argument) else { return nil }
        self.seconds = seconds
    }
}
