import CardBotSession
import CardBotSupport
import Testing

/// corrections.json: what a teacher corrected, read back exactly, and refused with its place when malformed.
@Suite struct SessionCorrectionsTests {
    static func parse(_ text: String) throws -> SessionCorrections {
        try SessionCorrections.parse(Array(text.utf8), file: "s/corrections.json")
    }

    /// The error `text` gives, as printed.
    static func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("written corrections read back the same, in attempt order, one an attempt")
    func roundTrip() throws {
        let corrections = SessionCorrections()
            .replacing(.init(attempt: 3, frame: "0:41.5", change: .notAnAttempt, read: "forward", by: "Ms Berg", at: "2026-11-26T20:00:00Z"))
            .replacing(.init(attempt: 1, frame: "frame-0011.jpg", change: .program("forward \"jump\""), read: "", by: nil, at: nil))
            .replacing(.init(attempt: 3, frame: "0:41.5", change: .program("left"), read: "forward", by: "Bo", at: nil))
        let read = try Self.parse(corrections.jsonText())
        #expect(read.corrections.map(\.attempt) == [1, 3])
        #expect(read.corrections.map(\.change) == [.program("forward \"jump\""), .program("left")])
        #expect(read.corrections.map(\.frame) == ["frame-0011.jpg", "0:41.5"])
        #expect(read.corrections.map(\.by) == [nil, "Bo"])
        #expect(read.corrections[0].read == "")
        #expect(read.corrections[1].programPosition.line == 5)
        #expect(try Self.parse(SessionCorrections().jsonText()).corrections.isEmpty)
        #expect(corrections.removing(attempt: 1).removing(attempt: 3).corrections.isEmpty)
    }

    @Test("an attempt the teacher adds is written by its time, read back after the attempts read, and removed by time")
    func addedRoundTrip() throws {
        let corrections = SessionCorrections()
            .replacing(.init(attempt: 0, added: 42.5, frame: "frame-0086.jpg", change: .program("forward jump"), read: "forward", by: "Bo", at: nil))
            .replacing(.init(attempt: 2, frame: "frame-0031.jpg", change: .notAnAttempt, read: "left", by: nil, at: nil))
            .replacing(.init(attempt: 0, added: 7, frame: "frame-0015.jpg", change: .program("left"), read: "", by: nil, at: nil))
            .replacing(.init(attempt: 0, added: 42.5, frame: "frame-0086.jpg", change: .program("jump"), read: "forward", by: "Bo", at: nil))
        let text = corrections.jsonText()
        #expect(text.contains("{\"added\": 42.5, \"frame\": \"frame-0086.jpg\", \"program\": \"jump\""), "\(text)")
        #expect(text.contains("{\"added\": 7, "), "\(text)")
        let read = try Self.parse(text)
        #expect(read.corrections.map(\.added) == [nil, 7, 42.5])
        #expect(read.corrections.map(\.change) == [.notAnAttempt, .program("left"), .program("jump")])
        #expect(read.corrections.map(\.attempt) == [2, 0, 0])
        #expect(read.removing(addedAt: 42.5).corrections.map(\.added) == [nil, 7])
        #expect(read.removing(attempt: 2).corrections.map(\.added) == [7, 42.5], "removing attempt 2 leaves the added ones")
    }

    @Test("bad files are refused with the line and column and what to do", arguments: [
        ("[]", "1:1: error: a corrections.json holds one JSON object, not an array"),
        ("{\"corrections\": []}", "1:1: error: 'format' is missing"),
        ("{\"format\": \"cardbot-corrections/9\"}", "1:12: error: 'format' must be \"cardbot-corrections/1\""),
        ("{\"format\": \"cardbot-corrections/1\", \"corections\": []}", "did you mean 'corrections'?"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": {}}", "'corrections' must be a list of corrections, not an object"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"atempt\": 1}]}", "1:54: error: correction 1: unknown field 'atempt'; did you mean 'attempt'?"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 0, \"notAnAttempt\": true}]}", "'attempt' must be an attempt's number, from 1"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 2}]}", "correction 1: says no change"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 2, \"program\": \"left\", \"notAnAttempt\": true}]}", "give either 'program' or 'notAnAttempt', not both"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 2, \"notAnAttempt\": false}]}", "'notAnAttempt' can only be true"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 2, \"program\": 5}]}", "'program' must be a string, not a whole number"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 2, \"program\": \"a\"}, {\"attempt\": 2, \"notAnAttempt\": true}]}", "correction 2 corrects attempt 2 again (correction 1 did)"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 2, \"program\": \"a\"", "malformed JSON"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"added\": -1, \"program\": \"a\"}]}", "1:63: error: correction 1: 'added' must be the added attempt's time in seconds"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"added\": \"0:42\", \"program\": \"a\"}]}", "'added' must be the added attempt's time in seconds"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"added\": 4, \"attempt\": 1, \"program\": \"a\"}]}", "give either 'attempt' (an attempt CardBot read) or 'added' (one it missed), not both"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"added\": 4}]}", "adds an attempt without its cards"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"added\": 4, \"notAnAttempt\": true}]}", "an added attempt cannot be \"notAnAttempt\""),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"added\": 4, \"program\": \"a\"}, {\"added\": 4.0, \"program\": \"b\"}]}", "correction 2 adds an attempt at 4 s again (correction 1 did)"),
        ("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"program\": \"a\"}]}", "'attempt' is missing"),
    ])
    func refused(text: String, expected: String) {
        let message = Self.error(text)
        #expect(message.hasPrefix("s/corrections.json:"), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test("a huge list and huge texts are refused by their size")
    func huge() {
        let many = Array(repeating: "{\"attempt\": 1, \"notAnAttempt\": true}", count: SessionCorrections.maximumCorrections + 1)
        #expect(Self.error("{\"format\": \"cardbot-corrections/1\", \"corrections\": [\(many.joined(separator: ","))]}").contains("at most 10000"))
        let long = String(repeating: "forward ", count: 600)
        #expect(Self.error("{\"format\": \"cardbot-corrections/1\", \"corrections\": [{\"attempt\": 1, \"program\": \"\(long)\"}]}").contains("at most 4096"))
    }
}
