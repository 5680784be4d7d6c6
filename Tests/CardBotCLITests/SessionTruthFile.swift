import Foundation
import Testing

/// A synthesized session's `truth.json` (`cardbot-session-truth/2`), as the tests read it back.
struct SessionTruthFile: Decodable {
    struct Frame: Decodable {
        var file: String?
        var visible: [Int]
        var goVisible: Bool?
    }

    struct Attempt: Decodable {
        var seconds: Double
        var program: [Int]
    }

    struct Tap: Decodable {
        var start: Double
        var end: Double
    }

    var format: String
    var duration: Double
    var goCard: Int?
    var frames: [Frame]
    var taps: [Tap]
    var presses: [Double]
    var attempts: [Attempt]
    var finalProgram: [Int]
    var notes: [String]
    var runs: [String]?
    var runSeconds: [Double]?

    /// The program each press runs, in order.
    var programs: [[Int]] { attempts.map(\.program) }

    /// Reads `truth.json` in `folder`.
    static func load(_ folder: URL) throws -> SessionTruthFile {
        let truth = try JSONDecoder().decode(
            SessionTruthFile.self, from: Data(contentsOf: folder.appendingPathComponent("truth.json")))
        try #require(truth.format == "cardbot-session-truth/2")
        return truth
    }

    /// The still (of a session written at `fps` stills a second) that first shows the moment `seconds`: the first
    /// at or after it, where a tap's hand is first seen.
    func still(at seconds: Double, fps: Double) -> String? {
        let index = Int((seconds * fps - 1e-6).rounded(.up))
        return frames.indices.contains(index) ? frames[index].file : nil
    }
}
