import CardBotImaging
import CardBotSession
import CardBotTracking
import Testing

/// A few photos of the table, named one by one: each photo whose program differs from the photo before runs it.
@Suite struct PhotoAttemptTests {
    static let options = TrackingOptions(stableSeconds: 0.5, settleSeconds: 7, goMarker: LessonScript.go)

    static func photo(_ index: Int, _ markers: [Int]?) -> AttemptTracker.Frame {
        .init(stamp: FrameStamp(index: index, name: "photo-\(index).jpg", seconds: Double(index)), markers: markers)
    }

    @Test("one photo runs its program; the GO card on it is not part of the program")
    func onePhoto() {
        let plan = AttemptTracker.plan([Self.photo(0, [LessonScript.go, 0, 0, 2, 0])], runMarks: nil, options: Self.options, photos: true)
        #expect(plan.signal == .photos)
        #expect(plan.attempts.map(\.markers) == [[0, 0, 2, 0]])
        #expect(plan.attempts.map(\.stamp.name) == ["photo-0.jpg"])
        #expect(plan.finalProgram == [0, 0, 2, 0])
    }

    @Test("photos in turn: a changed program runs again, the same one, an empty table and an unreadable photo do not")
    func photosInTurn() {
        let frames = [
            Self.photo(0, [0, 1]), Self.photo(1, [0, 1]), Self.photo(2, nil), Self.photo(3, [LessonScript.go, 0, 1]),
            Self.photo(4, []), Self.photo(5, [0, 1, 1]), Self.photo(6, [0, 1]),
        ]
        let plan = AttemptTracker.plan(frames, runMarks: nil, options: Self.options, photos: true)
        #expect(plan.attempts.map(\.markers) == [[0, 1], [0, 1, 1], [0, 1]])
        // Photo 1 repeats photo 0; photo 2 is unreadable, so photo 3 (the same cards and the GO card) repeats photo 1;
        // photo 4 shows an empty table; photo 5 adds a card and photo 6 takes it away again: each of those runs.
        #expect(plan.attempts.map(\.stamp.index) == [0, 5, 6])
        #expect(plan.attempts.allSatisfy { $0.signal == .photos })
    }

    @Test("run marks in a session.json win over the photo rule; without the flag a frame is a recording as before")
    func marksAndRecordings() {
        let frames = [Self.photo(0, [0, 1])]
        #expect(AttemptTracker.plan(frames, runMarks: [0], options: Self.options, photos: true).signal == .runMarks)
        let recording = AttemptTracker.plan(frames, runMarks: nil, options: Self.options)
        #expect(recording.signal == .settled && recording.attempts.isEmpty)
    }

    @Test("frame files named one by one are photos up to the limit; more, or a folder, are a recording")
    func whatArePhotos() {
        #expect(RecordedSession.frames(["a.jpg"]).isPhotos)
        #expect(RecordedSession.frames((1...RecordedSession.photoLimit).map { "f\($0).jpg" }).isPhotos)
        #expect(!RecordedSession.frames((0...RecordedSession.photoLimit).map { "f\($0).jpg" }).isPhotos)
    }
}
