@testable import CardBotClassroom
import CardBotImaging
import CardBotSupport
import CardBotTestSupport
@testable import CardBotTracking
import Foundation
import Testing

/// `grade` judges how each session was recorded with the capture check's own measures, taken from the frames as
/// they are read: a session filmed from too far, shaking, in the dark or under a lamp's glare is flagged in its
/// notes (so in every report), with the check's advice; a well-recorded session is not.
@Suite("Recordings flagged when graded")
struct RecordingFlagTests {
    /// The setups and the aspect each session's note must name (nil: no note about the recording).
    static let cases: [(CaptureScenes.Setup, CaptureAspect?)] = [
        (.good, nil), (.far, .size), (.blurred, .blur), (.dark, .dark), (.glare, .glare),
    ]

    @Test("a class of one session per setup: each bad recording is flagged by its aspect, the good one is not")
    func classFlags() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-flags-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (setup, _) in Self.cases {
            let folder = "\(root)/\(setup.rawValue)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (index, frame) in CaptureScenes.frames(setup, count: 3).enumerated() {
                try ImageWriter.write(frame, to: "\(folder)/frame-\(index + 1).jpg", quality: 90)
            }
            try Data(#"{"student": "\#(setup.rawValue)", "level": 1}"#.utf8).write(to: URL(fileURLWithPath: "\(folder)/session.json"))
        }
        var grader = Grader(deck: CaptureScenes.deck, levelsDirectory: PackageRoot.path("Levels"), jobs: 2)
        try grader.prepare()
        let grades = grader.grade(try ClassFolder.sessions(in: root)).grades
        #expect(grades.count == Self.cases.count)
        for (setup, aspect) in Self.cases {
            let grade = try #require(grades.first { $0.path == setup.rawValue })
            #expect(grade.error == nil, "\(setup): \(grade.error ?? "")")
            let flags = grade.notes.filter { $0.hasPrefix("Recorded badly") }
            if let aspect {
                // One flag per bad aspect, the setup's among them (cards 11 px across also smear over a cell).
                #expect(flags.contains { $0.contains("(\(aspect.label))") }, "\(setup): \(grade.notes)")
                #expect(Set(flags).count == flags.count, "\(setup): \(grade.notes)")
            } else {
                #expect(flags.isEmpty, "\(setup): \(grade.notes)")
            }
        }
    }
}
