import CardBotSupport
import Foundation

/// Checks level files and directories of them, reporting every problem with its position.
///
/// Per file: the JSON, the fields, the map, the cards (against the deck's marker ids), that every gem and the goal
/// can be reached with the level's cards, and that a program within `maxCards` solves it (with ``Solver``).
/// Per directory: `unlocks` naming a missing level, duplicate level numbers, and cycles of `unlocks`.
public struct LevelValidator: Sendable {
    /// The deck's card names by marker id; a level's marker id missing from it is an error. Nil skips the check.
    public var deckNames: [Int: String]?
    /// Limits for the solvability check.
    public var solverOptions: SolverOptions

    public init(deckNames: [Int: String]?, solverOptions: SolverOptions = SolverOptions()) {
        self.deckNames = deckNames
        self.solverOptions = solverOptions
    }

    /// Validates files and directories (each `*.json` in a directory, except `*.schema.json`).
    public func validate(paths: [String]) -> ValidationReport {
        var files: [FileValidation] = []
        var cross: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                do {
                    let names = try LevelLoader.levelFiles(in: path)
                    if names.isEmpty {
                        cross.append(Diagnostic(file: path, position: .none, message: "the directory holds no level files (*.json)"))
                    }
                    let validated = names.map { validate(file: $0) }
                    files += validated
                    cross += Self.checkDirectory(validated, directory: path)
                } catch {
                    cross += error.diagnostics
                }
            } else {
                files.append(validate(file: path))
            }
        }
        return ValidationReport(files: files, crossFileDiagnostics: cross)
    }

    /// Validates one level file on its own.
    public func validate(file: String) -> FileValidation {
        let json: JSONValue
        do {
            json = try LevelLoader.parse(file)
        } catch {
            return FileValidation(file: file, level: nil, solution: nil, diagnostics: error.diagnostics)
        }
        return validate(json: json, file: file)
    }

    /// Validates one level given as text (`file` names it in messages).
    public func validate(text: String, file: String = "<text>") -> FileValidation {
        do {
            return validate(json: try JSONParser.parse(text), file: file)
        } catch {
            return FileValidation(
                file: file, level: nil, solution: nil,
                diagnostics: [Diagnostic(file: file, position: error.position, message: error.message)])
        }
    }

    private func validate(json: JSONValue, file: String) -> FileValidation {
        let (decoded, decodeDiagnostics) = LevelDecoder.decode(json, file: file, deckNames: deckNames)
        var diagnostics = decodeDiagnostics
        var solution: Solution?
        if let level = decoded {
            let (found, semantic) = checkSolvable(level)
            solution = found
            diagnostics += semantic
            diagnostics += checkFileName(level)
        }
        diagnostics.sort { $0.position < $1.position }
        return FileValidation(file: file, level: decoded, solution: solution, diagnostics: diagnostics)
    }

    /// Reachability of the goal and every gem, then the solver within `maxCards`.
    private func checkSolvable(_ level: Level) -> (Solution?, [Diagnostic]) {
        let file = level.source.file
        var diagnostics: [Diagnostic] = []
        let world = RobotWorld(level.map)
        let graph = StateGraph(world: world, cards: level.availableCards)
        let reachable = graph.reachableTiles()
        let steps = level.availableCards.filter(\.isStep).map(\.name)
        let using = steps.isEmpty ? "this level has no step cards (forward, left, right, jump)" : "using \(steps.joined(separator: ", "))"
        for gem in level.map.gems where !reachable[gem.y * world.width + gem.x] {
            diagnostics.append(
                Diagnostic(
                    file: file, position: level.source.position(ofTile: gem),
                    message: "the gem at \(gem) cannot be reached by any program with this level's cards (\(using))"))
        }
        let goal = level.map.goal
        if !reachable[goal.y * world.width + goal.x] {
            diagnostics.append(
                Diagnostic(
                    file: file, position: level.source.position(ofTile: goal),
                    message: "the goal at \(goal) cannot be reached by any program with this level's cards (\(using))"))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }

        let solution = Solver.solve(level, options: solverOptions)
        let bound = solution.bound
        let where_ = level.maxCards != nil ? level.source.position(ofField: "maxCards") : level.source.position(ofField: "tiles")
        let limit: String
        if level.maxCards != nil || solverOptions.maxCards != nil {
            limit = level.maxCards != nil ? "maxCards (\(bound))" : "\(bound) cards"
        } else if solution.boundFromStraightProgram {
            limit = "\(bound) cards (the shortest program of step cards only, the bound when maxCards is not set)"
        } else {
            limit = "\(bound) cards (the bound when maxCards is not set)"
        }
        if solution.program == nil {
            if solution.isProven {
                let within = level.maxCards != nil || solverOptions.maxCards != nil ? "within \(limit) " : ""
                diagnostics.append(
                    Diagnostic(
                        file: file, position: where_,
                        message: "no program \(within)solves this level: the robot cannot reach the goal with every gem using these cards"))
            } else {
                diagnostics.append(
                    Diagnostic(
                        file: file, position: where_, severity: .warning,
                        message: "could not confirm that a program within \(limit) solves this level: the search stopped at its budget after checking every program of up to \(solution.searchedUpTo) cards"))
            }
        } else if !solution.isProven, let count = solution.cardCount {
            diagnostics.append(
                Diagnostic(
                    file: file, position: where_, severity: .note,
                    message: "solvable with \(count) cards; fewer was not proven (every program of up to \(solution.searchedUpTo) cards was checked)"))
        }
        diagnostics += checkFunctionCards(level)
        return (solution, diagnostics)
    }

    /// Warnings for function cards that cannot be used: a define card without its call card, or the reverse.
    private func checkFunctionCards(_ level: Level) -> [Diagnostic] {
        let cards = Set(level.availableCards)
        var diagnostics: [Diagnostic] = []
        for f in 0..<2 {
            let define = Card.define(f), call = Card.call(f)
            guard cards.contains(define) != cards.contains(call) else { continue }
            let (has, lacks) = cards.contains(define) ? (define, call) : (call, define)
            diagnostics.append(
                Diagnostic(
                    file: level.source.file, position: level.source.position(ofField: "cards"), severity: .warning,
                    message: "the level offers \(has.name) but not \(lacks.name), so \(has.name) cannot be used; add \(lacks.name) or remove \(has.name)"))
        }
        if !cards.contains(.end) && cards.contains(where: \.isDefine) {
            diagnostics.append(
                Diagnostic(
                    file: level.source.file, position: level.source.position(ofField: "cards"), severity: .warning,
                    message: "the level offers a define card but no end card, so a definition can only be the last cards; add end"))
        }
        return diagnostics
    }

    /// A warning when the file name's leading number differs from the level number.
    private func checkFileName(_ level: Level) -> [Diagnostic] {
        let name = (level.source.file as NSString).lastPathComponent
        let digits = name.prefix(while: \.isNumber)
        guard !digits.isEmpty, name.dropFirst(digits.count).first == "-", let fileNumber = Int(digits), fileNumber != level.number else {
            return []
        }
        return [
            Diagnostic(
                file: level.source.file, position: level.source.position(ofField: "number"), severity: .warning,
                message: "the file name says level \(fileNumber) but 'number' is \(level.number); rename the file or fix the number")
        ]
    }

    /// Checks across the levels of one directory: duplicate numbers, unlocks of missing levels, and cycles.
    static func checkDirectory(_ files: [FileValidation], directory: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let levels = files.compactMap(\.level)
        var byNumber: [Int: Level] = [:]
        for level in levels {
            if let first = byNumber[level.number] {
                diagnostics.append(
                    Diagnostic(
                        file: level.source.file, position: level.source.position(ofField: "number"),
                        message: "level number \(level.number) is also used by \(first.source.file); every level needs its own number"))
            } else {
                byNumber[level.number] = level
            }
        }
        // Numbers of files that did not decode may still be readable; do not call their unlocks missing.
        var partlyKnown = Set<Int>()
        for file in files where file.level == nil {
            if let json = try? LevelLoader.parse(file.file), let number = json.members?.first(where: { $0.key == "number" })?.value.intValue {
                partlyKnown.insert(number)
            }
        }
        for level in levels {
            guard let target = level.unlocks else { continue }
            if target == level.number {
                diagnostics.append(
                    Diagnostic(
                        file: level.source.file, position: level.source.position(ofField: "unlocks"),
                        message: "level \(level.number) unlocks itself; name the next level, or leave 'unlocks' out for the last one"))
            } else if byNumber[target] == nil && !partlyKnown.contains(target) {
                diagnostics.append(
                    Diagnostic(
                        file: level.source.file, position: level.source.position(ofField: "unlocks"),
                        message: "unlocks level \(target), but \(directory) has no level with that number"))
            }
        }
        // Each level unlocks at most one other, so cycles are found by walking the chains.
        var reported = Set<Int>()
        for start in byNumber.keys.sorted() {
            var path: [Int] = []
            var seen = Set<Int>()
            var current: Int? = start
            while let number = current, let level = byNumber[number], !seen.contains(number) {
                seen.insert(number)
                path.append(number)
                current = level.unlocks
            }
            guard let repeated = current, seen.contains(repeated), let startIndex = path.firstIndex(of: repeated) else { continue }
            let cycle = Array(path[startIndex...])
            guard cycle.count > 1, reported.isDisjoint(with: cycle) else { continue }
            reported.formUnion(cycle)
            let first = cycle.min()!
            let rotated = Array(cycle[cycle.firstIndex(of: first)!...] + cycle[..<cycle.firstIndex(of: first)!])
            let level = byNumber[first]!
            diagnostics.append(
                Diagnostic(
                    file: level.source.file, position: level.source.position(ofField: "unlocks"),
                    message: "the levels unlock each other in a cycle: \((rotated + [first]).map(String.init).joined(separator: " -> ")); the last level of a chain unlocks nothing"))
        }
        return diagnostics
    }
}
