import CardBotGeometry
import CardBotImaging
import CardBotSupport
import CardBotTestSupport
@testable import CardBotTracking
import CardBotVision
import Foundation
import Testing

/// `check` judges synthesized recordings as a teacher needs: a good setup reads well, and a far, shaking, dark,
/// noisy or glaring one is a problem, named by its aspect, with advice.
@Suite("Capture check")
struct CaptureCheckTests {
    /// The setups and the aspect each must be a problem on (nil: none is).
    static let cases: [(CaptureScenes.Setup, CaptureAspect?)] = [
        (.good, nil), (.far, .size), (.blurred, .blur), (.dark, .dark), (.glare, .glare), (.noisy, .noise),
    ]

    @Test("each setup gets its verdict", arguments: cases)
    func verdicts(_ setup: CaptureScenes.Setup, _ expected: CaptureAspect?) {
        let check = CaptureCheck(deck: CaptureScenes.deck)
        let report = check.check(images: CaptureScenes.frames(setup), name: setup.rawValue)
        let problems = report.findings.filter { $0.severity == .problem }.map(\.aspect)
        let summary = report.lines.joined(separator: "\n")
        if let expected {
            #expect(problems.contains(expected), "\(summary)")
            #expect(report.verdict == .problem)
            #expect(report.exitStatus == CaptureReport.willNotReadStatus)
            #expect(report.problems.allSatisfy { $0.advice != nil })
        } else {
            #expect(problems.isEmpty, "\(summary)")
            #expect(report.exitStatus == 0)
            #expect(report.findings.first { $0.aspect == .go }?.severity == .good, "\(summary)")
        }
    }

    @Test("a good setup's report shows every aspect, and its JSON names each with its value and limit")
    func reportShape() throws {
        let report = CaptureCheck(deck: CaptureScenes.deck).check(images: CaptureScenes.frames(.good), name: "good")
        // Images in memory have no times: every aspect but the frame rate.
        let timeless = CaptureAspect.allCases.filter { $0 != .pace }
        #expect(report.findings.map(\.aspect) == timeless)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(json["verdict"] as? String == "reads-well")
        #expect(json["exit_status"] as? Int == 0)
        let checks = try #require(json["checks"] as? [[String: Any]])
        #expect(checks.compactMap { $0["aspect"] as? String } == timeless.map(\.rawValue))
        let size = try #require(checks.first { $0["aspect"] as? String == "size" })
        #expect((size["value"] as? Double ?? 0) > CaptureThresholds.comfortableSize)
        #expect(size["limit"] as? Double == CaptureThresholds.smallestSize)
    }

    @Test("with no card in view, cards is the problem and the card aspects are not judged")
    func noCards() {
        let blank = GrayImage(width: 320, height: 240, fill: 128)
        let report = CaptureCheck(deck: CaptureScenes.deck).check(images: [blank], name: "blank")
        #expect(report.findings.first?.aspect == .cards)
        #expect(report.findings.first?.severity == .problem)
        #expect(!report.findings.contains { $0.aspect == .size })
    }

    @Test("the tilt of a square seen from 60 degrees is measured as 60 within a few degrees")
    func tiltOfASquare() {
        let cosine = cos(60 * Double.pi / 180)
        let quad = Quad([ImagePoint(x: 100, y: 100), ImagePoint(x: 200, y: 100), ImagePoint(x: 200, y: 100 + 100 * cosine), ImagePoint(x: 100, y: 100 + 100 * cosine)])
        #expect(abs(CaptureMeter.tilt(of: quad) - 60) < 1)
        #expect(CaptureMeter.tilt(of: Quad([ImagePoint(x: 0, y: 0), ImagePoint(x: 50, y: 0), ImagePoint(x: 50, y: 50), ImagePoint(x: 0, y: 50)])) < 0.5)
    }

    @Test("frames 0.5 s apart are a problem with a GO card in view and a warning without; 0.2 s apart are good; the advice names the bound")
    func pace() throws {
        let slow = CaptureJudge.pace(0.5, goSeen: true)
        #expect(slow.severity == .problem)
        #expect(slow.limit == CaptureThresholds.longestFrameInterval)
        let advice = try #require(slow.advice?.english)
        #expect(advice.contains("4 or more photos a second"))
        #expect(CaptureJudge.pace(0.5, goSeen: false).severity == .warning)
        #expect(CaptureJudge.pace(0.2, goSeen: true).severity == .good)
        #expect(CaptureJudge.pace(0.2, goSeen: true).advice == nil)
        // A grade's sparse-frames reason uses the same bound.
        #expect(SessionReview.longestTapInterval == CaptureThresholds.longestFrameInterval)
    }

    @Test("a warning's advice names the margin, never a limit the value already meets")
    func warningAdvice() throws {
        // Gray level 32: above the 25 that reads reliably, under the 40 that reads with room to spare.
        let dim = CaptureJudge.dark(32)
        #expect(dim.severity == .warning)
        let advice = try #require(dim.advice?.english)
        #expect(advice.contains("40"))
        #expect(!advice.contains("at least 25"))
        let dark = try #require(CaptureJudge.dark(20).advice?.english)
        #expect(dark.contains("at least 25"))
        #expect(CaptureJudge.dark(45).advice == nil)
        for finding in [CaptureJudge.size(22), CaptureJudge.blur(1.0), CaptureJudge.noise(9, bright: 100), CaptureJudge.tilt(75)] {
            #expect(finding.severity == .warning, "\(finding.aspect)")
            #expect(finding.advice?.english.contains("margin") == true, "\(finding.aspect)")
        }
    }
}
