import CardBotLesson
import CardBotTestSupport
import Foundation
import Testing

/// The package's Levels/ directory.
private let levelsDirectory = PackageRoot.path("Levels")

@Suite("The curriculum in Levels/")
struct CurriculumTests {
    @Test("every file in Levels/ validates without errors or warnings")
    func allValid() {
        let report = LevelValidator(deckNames: TestLevel.deck).validate(paths: [levelsDirectory])
        #expect(report.diagnostics.map(\.description) == [])
        #expect(report.files.count >= 16)
    }

    @Test("at least 16 levels chained by unlocks from 1, each solvable within maxCards, with a hint")
    func chain() throws {
        let catalog = try LevelCatalog(directory: levelsDirectory, deckNames: TestLevel.deck)
        #expect(catalog.problems.isEmpty)
        let levels = catalog.levels
        #expect(levels.count >= 16)
        #expect(levels.map(\.number) == Array(1...levels.count))
        for (level, next) in zip(levels, levels.dropFirst()) {
            #expect(level.unlocks == next.number)
        }
        #expect(levels.last?.unlocks == nil)
        for level in levels {
            #expect(level.hint?.isEmpty == false, "level \(level.number) needs a hint")
            let solution = Solver.solve(level)
            let optimal = try #require(solution.optimalCardCount, "level \(level.number) must have a proven optimum")
            #expect(optimal <= level.maxCards ?? Int.max)
            #expect(Robot.run(solution.program!, on: level).success)
        }
    }

    @Test("the curriculum teaches sequences, turns, jumps, gems, repeats (nested too), repeat-until-goal, if and if-else")
    func concepts() throws {
        let levels = try LevelCatalog(directory: levelsDirectory).levels
        let cards = Set(levels.flatMap(\.availableCards))
        for card in [Card.forward, .left, .right, .jump, .repeat4, .repeatUntilGoal, .ifPathAhead, .ifPathLeft, .else, .end] {
            #expect(cards.contains(card), "no level uses \(card.name)")
        }
        #expect(levels.contains { !$0.map.gems.isEmpty })
        #expect(levels.contains { $0.map.tiles.contains(.water) && $0.availableCards.contains(.jump) })
        // Some level's fewest-cards program nests a repeat in a repeat.
        let nested = levels.contains { level in
            guard let cards = Solver.solve(level).program?.cards else { return false }
            var depth = 0
            for card in cards {
                if card.isLoop {
                    depth += 1
                    if depth >= 2 { return true }
                } else if card == .end {
                    depth -= 1
                }
            }
            return false
        }
        #expect(nested)
    }

    @Test("the function levels: a function (often a recursive one) is shorter than any program without one")
    func functionsBeatLoops() throws {
        let levels = try LevelCatalog(directory: levelsDirectory, deckNames: TestLevel.deck).levels
        let withFunctions = levels.filter { $0.availableCards.contains(.defineA) }
        #expect(withFunctions.count >= 4)
        for level in withFunctions {
            let best = Solver.solve(level)
            let optimal = try #require(best.optimalCardCount, "level \(level.number) must have a proven optimum")
            #expect(best.program!.cards.contains(.callA), "level \(level.number): the fewest cards use a function")
            var loopsOnly = level
            loopsOnly.cards = level.cards.filter { !$0.value.isDefine && !$0.value.isCall }
            let withoutFunctions = Solver.solve(loopsOnly)
            let loopOptimal = try #require(withoutFunctions.optimalCardCount, "level \(level.number) without functions")
            #expect(optimal < loopOptimal, "level \(level.number): \(optimal) cards with a function, \(loopOptimal) without")
        }
    }
}
