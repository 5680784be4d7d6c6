import CardBotClassroom
import CardBotSession
import Foundation

/// Grades to build reports from, without frames.
enum SampleGrades {
    static let tricky = "Zoë <script>alert(\"hi\")</script> & \"Jo\", O'Hara\nline two"

    static var all: [SessionGrade] {
        [
            SessionGrade(
                path: "maya/level-2", student: "maya", level: 2, levelName: "Around the corner", attempts: 1, solved: true,
                stars: 2, cards: 9, optimal: 5, maxCards: 10,
                firstSuccess: .init(attempt: 1, frame: "frame-0025.jpg", seconds: 12), frames: 31, unreadableFrames: 0,
                finalProgram: ["forward", "right"], shownProgram: ["forward", "right"]),
            SessionGrade(
                path: "maya/level-1", student: "maya", level: 1, levelName: "First steps", attempts: 2, solved: true,
                stars: 3, cards: 3, optimal: 3, maxCards: 5,
                firstSuccess: .init(attempt: 2, frame: "frame-0022.jpg", seconds: 10.5), frames: 24, unreadableFrames: 1,
                finalProgram: ["forward", "forward", "forward"], shownProgram: ["forward", "forward", "forward"]),
            SessionGrade(
                path: "zoe", student: tricky, level: 1, levelName: "First steps", attempts: 3, solved: false, stars: 1,
                optimal: 3, maxCards: 5, frames: 20, finalProgram: ["forward"], shownProgram: ["forward"]),
            SessionGrade(path: "ned", student: "Ned", level: 1, levelName: "First steps", attempts: 0, stars: 0, optimal: 3, frames: 5),
            .failed(path: "omar", student: "Omar", error: "omar: no level: name one with --level"),
        ]
    }
}
