import CardBotGeometry
import CardBotImaging
import CardBotSynth
import Foundation
import CardBotTestSupport
import Testing

@Suite("Synth scenes and truth")
struct SynthSceneTests {
    let faces = SynthTestSupport.faces()

    @Test("a seed gives the same frames and other seeds give different ones", arguments: SynthDifficulty.allCases)
    func determinism(difficulty: SynthDifficulty) throws {
        let generator = try SceneGenerator(faces: faces, options: SceneOptions(width: 320, height: 240, difficulty: difficulty))
        let renderer = FrameRenderer()
        let first = renderer.render(generator.scene(seed: 7, index: 3))
        let again = renderer.render(generator.scene(seed: 7, index: 3))
        let otherSeed = renderer.render(generator.scene(seed: 8, index: 3))
        let otherIndex = renderer.render(generator.scene(seed: 7, index: 4))
        #expect(first.rgb == again.rgb)
        #expect(first.truth == again.truth)
        #expect(first.rgb != otherSeed.rgb)
        #expect(first.rgb != otherIndex.rgb)
    }

    @Test("an exact program is laid out and read back in reading order when nothing hides it")
    func programOrder() throws {
        let program = [[3, 1, 4, 1], [5, 2], [6]]
        let generator = try SceneGenerator(
            faces: faces, options: SceneOptions(width: 640, height: 480, program: program, difficulty: .easy))
        var complete = 0
        for index in 0..<12 {
            let truth = FrameRenderer().render(generator.scene(seed: 21, index: index)).truth
            #expect(truth.cards.map(\.id) == program.flatMap { $0 })
            #expect(truth.cards.map(\.row) == [0, 0, 0, 0, 1, 1, 2])
            #expect(truth.visible == truth.cards.filter { !$0.hidden }.map(\.id))
            if truth.cards.allSatisfy({ !$0.hidden }) {
                #expect(truth.visible == [3, 1, 4, 1, 5, 2, 6])
                complete += 1
            }
        }
        #expect(complete >= 6)
    }

    @Test("rows read top to bottom and left to right in the cards' own frame, however the camera turns")
    func rowsFollowTheCards() throws {
        let generator = try SceneGenerator(
            faces: faces, options: SceneOptions(width: 640, height: 480, program: [[0, 1, 2], [3, 4, 5]], difficulty: .easy))
        for index in 0..<10 {
            let truth = FrameRenderer().render(generator.scene(seed: 5, index: index)).truth
            let cards = truth.cards
            func center(_ card: CardTruth) -> ImagePoint {
                ImagePoint(card.corners.map(\.x).reduce(0, +) / 4, card.corners.map(\.y).reduce(0, +) / 4)
            }
            // In image space, a card's right is TL->TR and its down TL->BL; the next card of a row lies to its
            // right, the next row below it.
            for (a, b) in zip(cards, cards.dropFirst()) where a.row == b.row {
                let right = ImagePoint(a.corners[1].x - a.corners[0].x, a.corners[1].y - a.corners[0].y)
                let step = ImagePoint(center(b).x - center(a).x, center(b).y - center(a).y)
                #expect(right.x * step.x + right.y * step.y > 0)
            }
            let first = cards[0]
            let nextRow = cards[3]
            let down = ImagePoint(first.corners[3].x - first.corners[0].x, first.corners[3].y - first.corners[0].y)
            let step = ImagePoint(center(nextRow).x - center(first).x, center(nextRow).y - center(first).y)
            #expect(down.x * step.x + down.y * step.y > 0)
        }
    }

    @Test("hidden flags agree with the hand mask and the image bounds")
    func hiddenAgreesWithHand() throws {
        let generator = try SceneGenerator(
            faces: faces, options: SceneOptions(width: 480, height: 360, difficulty: .occluded))
        let renderer = FrameRenderer()
        var occludedCards = 0
        var visibleCards = 0
        for index in 0..<10 {
            let frame = renderer.render(generator.scene(seed: 9, index: index))
            #expect(frame.handMask.pixels.contains { $0 > 128 }, "frame \(index) has no hand")
            for card in frame.truth.cards where card.corners.count == 4 {
                let covered = SynthTestSupport.maskedFraction(card.corners, mask: frame.handMask)
                #expect(abs(covered - card.occluded) < 0.01)
                let inFrame = card.corners.allSatisfy {
                    $0.x >= 2.5 && $0.y >= 2.5 && $0.x <= Double(frame.truth.width) - 3.5 && $0.y <= Double(frame.truth.height) - 3.5
                }
                switch card.reason {
                case .occluded:
                    #expect(covered > renderer.hiddenOcclusion - 0.002)
                    occludedCards += 1
                case .outside:
                    #expect(!inFrame)
                case .tooSmall:
                    break
                case nil:
                    #expect(inFrame)
                    #expect(covered <= renderer.hiddenOcclusion + 0.002)
                    visibleCards += 1
                }
            }
        }
        #expect(occludedCards >= 3)
        #expect(visibleCards >= 10)
    }

    @Test("easy frames have no hand and readable markers; hard frames have smaller ones")
    func difficultyRanges() throws {
        func sides(_ difficulty: SynthDifficulty) throws -> (sides: [Double], hand: Bool) {
            let generator = try SceneGenerator(faces: faces, options: SceneOptions(width: 640, height: 480, difficulty: difficulty))
            var result: [Double] = []
            var hand = false
            for index in 0..<8 {
                let scene = generator.scene(seed: 2, index: index)
                hand = hand || scene.hand != nil
                let truth = FrameRenderer().render(scene).truth
                for card in truth.cards where !card.hidden {
                    let c = card.corners
                    let area = abs((0..<4).reduce(0.0) { $0 + c[$1].x * c[($1 + 1) % 4].y - c[($1 + 1) % 4].x * c[$1].y }) / 2
                    result.append(area.squareRoot())
                }
            }
            return (result, hand)
        }
        let easy = try sides(.easy)
        let hard = try sides(.hard)
        #expect(!easy.hand)
        #expect(!easy.sides.isEmpty && !hard.sides.isEmpty)
        #expect(easy.sides.min()! >= 14, "smallest easy marker \(easy.sides.min()!)")
        let easyMedian = easy.sides.sorted()[easy.sides.count / 2]
        let hardMedian = hard.sides.sorted()[hard.sides.count / 2]
        #expect(hardMedian < easyMedian)
    }

    @Test("keeping the whole layout in view leaves no card outside the frame")
    func keepAllInView() throws {
        let generator = try SceneGenerator(
            faces: faces, options: SceneOptions(width: 640, height: 480, cards: 4, difficulty: .easy, keepAllInView: true))
        for index in 0..<10 {
            let truth = FrameRenderer().render(generator.scene(seed: 13, index: index)).truth
            #expect(truth.cards.count == 4)
            #expect(truth.cards.allSatisfy { $0.reason != .outside }, "frame \(index)")
        }
    }

    @Test("options out of range are refused with the option's name")
    func validation() {
        #expect(throws: SynthError.self) { try SceneGenerator(faces: faces, options: SceneOptions(cards: 0)) }
        #expect(throws: SynthError.self) { try SceneGenerator(faces: faces, options: SceneOptions(rows: 3, cards: 2)) }
        #expect(throws: SynthError.self) { try SceneGenerator(faces: faces, options: SceneOptions(width: 10, height: 10)) }
        #expect(throws: SynthError.self) { try SceneGenerator(faces: [], options: SceneOptions()) }
        #expect(throws: SynthError.self) { try SceneGenerator(faces: faces, options: SceneOptions(program: [[1, 99]])) }
        do {
            _ = try SceneGenerator(faces: faces, options: SceneOptions(rows: 9))
            Issue.record("9 rows were accepted")
        } catch let error as SynthError {
            #expect(error.subject == "--rows")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("the truth JSON lists every frame with its file, size, visible ids and cards")
    func truthJSON() throws {
        let generator = try SceneGenerator(faces: faces, options: SceneOptions(width: 320, height: 240))
        var truth = FrameRenderer().render(generator.scene(seed: 1)).truth
        truth.file = "frame-0001.jpg"
        let text = try FrameSetWriter.truthJSON([truth, truth], seed: 1, difficulty: .easy)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == "cardbot-synth/1")
        let frames = object?["frames"] as? [[String: Any]]
        #expect(frames?.count == 2)
        let decoded = try JSONDecoder().decode(FrameTruth.self, from: JSONSerialization.data(withJSONObject: frames![0]))
        #expect(decoded.file == "frame-0001.jpg")
        #expect(decoded.visible == truth.visible)
        #expect(decoded.cards.count == truth.cards.count)
        for (a, b) in zip(decoded.cards, truth.cards) {
            #expect(a.id == b.id && a.hidden == b.hidden && a.corners.count == 4)
            for (p, q) in zip(a.corners, b.corners) { #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9) }
        }
    }
}
