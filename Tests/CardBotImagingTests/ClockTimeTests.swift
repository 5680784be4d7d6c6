import CardBotImaging
import Testing

/// A time typed by a teacher (`--add-attempt 0:42`) reads as the seconds a clock reading shows, and back.
@Suite struct ClockTimeTests {
    @Test("the ways a teacher types a time", arguments: [
        ("42", 42.0), ("42.5", 42.5), ("0:42", 42), ("1:02.5", 62.5), ("1:02:03", 3723), (" 0:08 ", 8), ("0", 0),
    ])
    func reads(text: String, seconds: Double) {
        #expect(FrameStamp.seconds(clock: text) == seconds)
    }

    @Test("what is not a time is nil", arguments: ["", ":", "0:8x", "-3", "1:60", "1:2:3:4", "0:42.", "1.5:00", "nan", "25:00:00", "1e3", "٤٢"])
    func refuses(text: String) {
        #expect(FrameStamp.seconds(clock: text) == nil, "\(text)")
    }

    @Test("a clock reading reads back as its seconds", arguments: [0.0, 5, 62.5, 599.9, 3723])
    func roundTrip(seconds: Double) {
        #expect(FrameStamp.seconds(clock: FrameStamp.clock(seconds)) == seconds)
    }
}
