import CardBotSupport
import Foundation

/// Which frame of a source this is: its place, its name and its time.
public struct FrameStamp: Sendable, Equatable, Hashable {
    /// The 0-based place among the frames the source delivers.
    public var index: Int
    /// The name a person reads: the file name of a still, the time (`m:ss.s`) of a video frame.
    public var name: String
    /// Seconds from the start of the recording (a video's presentation time, or index / fps for stills).
    public var seconds: Double

    /// Creates a stamp.
    public init(index: Int, name: String, seconds: Double) {
        self.index = index
        self.name = name
        self.seconds = seconds
    }

    /// `seconds` as a clock reading, `m:ss` (with tenths when not whole): 0:05, 1:02.5, 61:40.
    public static func clock(_ seconds: Double) -> String {
        // NaN and times beyond a billion seconds (a damaged gradebook, a hostile file) have no clock: say so
        // rather than trap converting them to a whole number.
        guard seconds.isFinite, seconds < 1e9 else { return seconds.isNaN ? "?" : "\u{221E}" }
        let tenths = Int((max(0, seconds) * 10).rounded())
        let minutes = tenths / 600
        let rest = tenths % 600
        let whole = rest / 10
        let fraction = rest % 10
        let padded = whole < 10 ? "0\(whole)" : "\(whole)"
        return fraction == 0 ? "\(minutes):\(padded)" : "\(minutes):\(padded).\(fraction)"
    }

    /// ``clock(_:)`` as the reader's language writes it: `0:11.5` is `0:11,5` in Danish (for people only; frame
    /// names, JSON, CSV and corrections.json keep the point).
    public static func shownClock(_ seconds: Double) -> String {
        Messages.decimal(clock(seconds))
    }

    /// A frame's name as a person reads it: a video frame's clock reading (`0:11.5`) with the reader's decimal
    /// mark (`0:11,5`); any other name (a still's file name, `frame-0011.jpg`) as it is.
    public static func shown(_ name: String) -> String {
        isClock(name) ? Messages.decimal(name) : name
    }

    /// Whether `name` is a clock reading as ``clock(_:)`` writes one: minutes, a colon, two digits of seconds, and
    /// perhaps a point and tenths.
    public static func isClock(_ name: String) -> Bool {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let seconds = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard seconds[0].count == 2, seconds[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return seconds.count == 1 || (seconds.count == 2 && seconds[1].count == 1 && seconds[1].allSatisfy({ $0.isASCII && $0.isNumber }))
    }

    /// The seconds of a clock reading as a person types one: `42`, `42.5`, `0:42`, `1:02.5` or `1:02:03`; nil for
    /// anything else (a negative time, seconds or minutes of 60 and more after the first field, over a day).
    public static func seconds(clock text: String) -> Double? {
        let fields = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var total = 0.0
        for (index, field) in fields.enumerated() {
            let last = index == fields.count - 1
            guard !field.isEmpty, field.first != ".", field.last != ".", field.filter({ $0 == "." }).count <= 1,
                field.allSatisfy({ $0.isASCII && ($0.isNumber || (last && $0 == ".")) }),
                let value = Double(field), value.isFinite
            else { return nil }
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total <= 86_400 ? total : nil
    }
}

/// One frame's stamp and what became of it: a reading, or why it could not be read.
public struct ScannedFrame<Reading: Sendable>: Sendable {
    /// Which frame.
    public var stamp: FrameStamp
    /// The reading, or the reason the frame could not be read.
    public var outcome: Result<Reading, ImageError>

    /// Creates a result.
    public init(stamp: FrameStamp, outcome: Result<Reading, ImageError>) {
        self.stamp = stamp
        self.outcome = outcome
    }
}
