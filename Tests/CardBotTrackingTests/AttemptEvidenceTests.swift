import CardBotGeometry
import CardBotImaging
import CardBotSession
import CardBotSupport
import CardBotTestSupport
@testable import CardBotTracking
import CardBotVision
import Testing

/// A run keeps what each attempt rests on: the cards read in its frame, with their corners, so that pictures,
/// replays and evidence use them instead of detecting the frame again.
@Suite struct AttemptEvidenceTests {
    static let deck: Deck = {
        do { return try Deck.load(PackageRoot.path("Cards/deck.json")) } catch { fatalError("the default deck does not load: \(error)") }
    }()

    @Test("each attempt of Maya's session keeps its frame's cards, corners and all, as a fresh reading of that frame finds them")
    func attemptsKeepTheirFramesCards() throws {
        let recording = try RecordedSession.open(PackageRoot.path("Examples/maya-level-3"))
        let job = SessionJob(deck: Self.deck, tracking: TrackingOptions(), jobs: 2, limits: .default, sampleFPS: nil)
        let run = try job.run(recording, lesson: try job.lesson(of: recording, requested: nil, levelsDirectory: PackageRoot.path("Levels")))
        #expect(run.attempts.count == 2)
        let analyzer = FrameAnalyzer(deck: Self.deck)
        for attempt in run.attempts {
            let path = recording.framePaths[attempt.frame]
            let fresh = try analyzer.analyze(path)
            #expect(attempt.cards == fresh.cards, "attempt \(attempt.number) at \(attempt.frameName)")
            // The program is the frame's cards in reading order, the GO card (if any) left out.
            let goMarkers = Set(Self.deck.cards.filter { $0.name == "go" }.map(\.marker))
            #expect(attempt.cards.map(\.marker).filter { !goMarkers.contains($0) } == attempt.markers)
            for card in attempt.cards {
                for corner in card.corners {
                    #expect(corner.x >= 0 && corner.x < Double(fresh.width) && corner.y >= 0 && corner.y < Double(fresh.height))
                }
                #expect(card.confidence > 0.5 && card.confidence <= 1)
            }
        }
        let last = try #require(run.lastReadableFrame)
        #expect(run.lastReadableCards == (try analyzer.analyze(recording.framePaths[last.index]).cards))
        #expect(!run.lastReadableCards.isEmpty)
    }

    @Test("a live stream keeps the cards of its most recent frames only, the oldest going first")
    func liveKeepsRecentFrames() {
        var kept = FrameCards(keeping: 3)
        let card = Detection(
            marker: 7, name: "jump",
            quad: Quad(topLeft: ImagePoint(0, 0), topRight: ImagePoint(10, 0), bottomRight: ImagePoint(10, 10), bottomLeft: ImagePoint(0, 10)),
            rotation: 0, confidence: 1, correctedCells: 0)
        for index in 0..<20 {
            kept.keep(Array(repeating: card, count: index % 3 + 1), of: FrameStamp(index: index, name: "f\(index)", seconds: Double(index)))
        }
        for index in 0..<17 { #expect(kept.cards(of: FrameStamp(index: index, name: "", seconds: 0)).isEmpty, "frame \(index)") }
        for index in 17..<20 { #expect(kept.cards(of: FrameStamp(index: index, name: "", seconds: 0)).count == index % 3 + 1) }
        var all = FrameCards()
        for index in 0..<5000 { all.keep([card], of: FrameStamp(index: index, name: "", seconds: 0)) }
        #expect(all.cards(of: FrameStamp(index: 0, name: "", seconds: 0)) == [card])
    }

    /// A card at `x` with `marker`, read with `confidence`.
    static func card(_ marker: Int, at x: Double, confidence: Double = 1, corrected: Int = 0) -> Detection {
        Detection(
            marker: marker, name: "m\(marker)",
            quad: Quad(topLeft: ImagePoint(x, 0), topRight: ImagePoint(x + 10, 0), bottomRight: ImagePoint(x + 10, 10), bottomLeft: ImagePoint(x, 10)),
            rotation: 0, confidence: confidence, correctedCells: corrected)
    }

    @Test("each card of the program is matched to its reading in order: repeated cards, the GO card between, a card the frame lacks")
    func evidenceFollowsTheProgram() {
        let go = 18
        let frame = [Self.card(0, at: 0), Self.card(0, at: 20, confidence: 0.6), Self.card(go, at: 40), Self.card(3, at: 60, corrected: 1)]
        var attempt = SessionRun.Attempt(
            number: 1, signal: .runMarks, frame: 0, frameName: "f", seconds: 0, markers: [0, 0, 2, 3],
            cardNames: ["forward", "forward", "right", "jump"], outcome: .notRunnable(Messages.later("x")), cards: frame)
        let evidence = attempt.evidence
        #expect(evidence.count == 4)
        #expect(evidence[0] == frame[0])
        #expect(evidence[1] == frame[1])
        #expect(evidence[2] == nil)  // the frame shows no marker 2: the tracker took it from the frames around
        #expect(evidence[3] == frame[3])
        #expect(evidence.map { $0?.isUnsure } == [false, true, nil, true])
        attempt.cards = []
        #expect(attempt.evidence == [nil, nil, nil, nil])
    }
}
