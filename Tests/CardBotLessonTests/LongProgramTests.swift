import CardBotLesson
import Foundation
import Testing

/// A corridor maze whose shortest program is 23 cards (forward, left and right only), with no `maxCards`.
let corridor23 = [
    "############",
    "#>...##....#",
    "####.##.##.#",
    "####.##.##.#",
    "####....##G#",
    "############",
]

@Suite("Long programs: the straight program bounds the search when maxCards is not set")
struct LongProgramTests {
    @Test("the validator proves a 23-card corridor solvable, with 23 cards the fewest")
    func validatorCorridor() throws {
        let text = TestLevel.text(corridor23, cards: [0, 1, 2])
        let result = LevelValidator(deckNames: TestLevel.deck).validate(text: text, file: "corridor.json")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        #expect(result.solution?.cardCount == 23)
        #expect(result.solution?.isProven == true)
        #expect(result.solution?.boundFromStraightProgram == true)
    }

    @Test("a level no sequence of steps can solve is still reported unsolvable")
    func validatorUnsolvable() throws {
        // The goal is behind water and only forward and right are offered: reachable tiles never include it.
        let text = TestLevel.text([">.~G"], cards: [0, 2])
        let result = LevelValidator(deckNames: TestLevel.deck).validate(text: text, file: "water.json")
        #expect(result.diagnostics.contains { $0.message.contains("the goal at (3, 0) cannot be reached") })
        // Forward only: the goal and then the gem can each be reached, but never the goal after the gem.
        let walled = TestLevel.text([">G*"], cards: [0])
        let other = LevelValidator(deckNames: TestLevel.deck).validate(text: walled, file: "walled.json")
        #expect(other.diagnostics.contains { $0.message.hasPrefix("no program solves this level") })
    }

    @Test("solve without a bound: the best it can prove, else the straight program marked not proven")
    func solveUnbounded() throws {
        let plain = try TestLevel.make(corridor23, cards: [0, 1, 2])
        let proven = Solver.solve(plain)
        #expect(proven.isProven)
        #expect(proven.program?.count == 23)
        // With loops offered the search is far larger; with a tiny budget the straight program is the answer.
        let level = try TestLevel.make(corridor23, cards: [0, 1, 2, 4, 5, 13])
        let starved = Solver.solve(level, options: SolverOptions(nodeBudget: 50))
        #expect(starved.isProven == false)
        #expect(starved.program?.count == 23)
        #expect(starved.program.map { Robot.run($0, on: level).success } == true)
        let lines = SolutionReport.lines(starved, level: level)
        #expect(lines.contains { $0.hasPrefix("Not proven minimal") })
    }

    @Test("solve finds a recursive function where it is shortest, and proves it")
    func solveRecursion() throws {
        let level = try TestLevel.make([">" + String(repeating: ".", count: 12) + "G"], cards: [0, 4, 13, 14, 15])
        let solution = Solver.solve(level)
        #expect(solution.isProven)
        #expect(solution.program?.names == ["call-a", "define-a", "forward", "call-a"])
    }
}

@Suite("The optimum cache")
struct OptimumCacheTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cardbot-optimum-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("the folder is XDG_CACHE_HOME/cardbot, else HOME/.cache/cardbot")
    func folderChoice() {
        #expect(OptimumCache.user(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).directory == "/x/cache/cardbot")
        #expect(OptimumCache.user(environment: ["HOME": "/home/u"]).directory == "/home/u/.cache/cardbot")
        #expect(OptimumCache.user(environment: [:]).directory == nil)
    }

    @Test("a solved level is stored once and read back; another level gets its own entry")
    func storesAndReads() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = OptimumCache(directory: folder)
        let level = try TestLevel.make([">...G"], cards: [0])
        #expect(cache.optimum(for: level) == 4)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(entries.count == 1)
        let text = try String(contentsOfFile: folder + "/" + entries[0], encoding: .utf8)
        #expect(text == "{\"format\":1,\"optimal\":4}\n")
        // A planted answer is believed: the second lookup reads the entry and does not solve.
        try "{\"format\":1,\"optimal\":9}\n".write(toFile: folder + "/" + entries[0], atomically: true, encoding: .utf8)
        #expect(cache.optimum(for: level) == 9)
        let longer = try TestLevel.make([">....G"], cards: [0])
        #expect(cache.optimum(for: longer) == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    }

    @Test("a corrupt entry is ignored and written again", arguments: ["", "{", "not json", "{\"format\":2,\"optimal\":3}", "{\"format\":1,\"optimal\":-1}", "{\"format\":1}"])
    func corrupt(text: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = OptimumCache(directory: folder)
        let level = try TestLevel.make([">..G"], cards: [0])
        #expect(cache.optimum(for: level) == 3)
        let entry = folder + "/" + (try FileManager.default.contentsOfDirectory(atPath: folder))[0]
        try text.write(toFile: entry, atomically: true, encoding: .utf8)
        #expect(cache.optimum(for: level) == 3)
        #expect(try String(contentsOfFile: entry, encoding: .utf8) == "{\"format\":1,\"optimal\":3}\n")
    }
}
