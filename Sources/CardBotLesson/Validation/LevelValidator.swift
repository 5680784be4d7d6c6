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
        var cross: [LevelProblem] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                do {
                    let names = try LevelLoader.levelFiles(in: path)
                    if names.isEmpty {
                        let said = Messages.later("the directory holds no level files (*.json)")
                        cross.append(LevelProblem(file: path, position: .none, said: said))
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
                diagnostics: [LevelProblem(file: file, position: error.position, said: error.said)])
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
    private func checkSolvable(_ level: Level) -> (Solution?, [LevelProblem]) {
        let file = level.source.file
        var diagnostics: [LevelProblem] = []
        let world = RobotWorld(level.map)
        let graph = StateGraph(world: world, cards: level.availableCards)
        let reachable = graph.reachableTiles()
        let steps = level.availableCards.filter(\.isStep).map(\.name)
        let using =
            steps.isEmpty
            ? Messages.later("this level has no step cards (%s)", .cards(Card.allCases.filter(\.isStep).map(\.name)))
            : Messages.later("using %s", .cards(steps))
        for gem in level.map.gems where !reachable[gem.y * world.width + gem.x] {
            diagnostics.append(
                LevelProblem(
                    file: file, position: level.source.position(ofTile: gem),
                    said: Messages.later(
                        "the gem at %1$s cannot be reached by any program with this level's cards (%2$s)",
                        .plain("\(gem)"), .said(using))))
        }
        let goal = level.map.goal
        if !reachable[goal.y * world.width + goal.x] {
            diagnostics.append(
                LevelProblem(
                    file: file, position: level.source.position(ofTile: goal),
                    said: Messages.later(
                        "the goal at %1$s cannot be reached by any program with this level's cards (%2$s)",
                        .plain("\(goal)"), .said(using))))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }

        let solution = Solver.solve(level, options: solverOptions)
        let bound = solution.bound
        let where_ = level.maxCards != nil ? level.source.position(ofField: "maxCards") : level.source.position(ofField: "tiles")
        let bounded = level.maxCards != nil || solverOptions.maxCards != nil
        let limit: MessageText
        if bounded {
            limit = level.maxCards != nil ? Messages.later("maxCards (%s)", .number(bound)) : Messages.later("%s cards", .number(bound))
        } else if solution.boundFromStraightProgram {
            limit = Messages.later(
                "%s cards (the shortest program of step cards only, the bound when maxCards is not set)", .number(bound))
        } else {
            limit = Messages.later("%s cards (the bound when maxCards is not set)", .number(bound))
        }
        if solution.program == nil {
            if solution.isProven {
                let said =
                    bounded
                    ? Messages.later(
                        "no program within %s solves this level: the robot cannot reach the goal with every gem using these cards",
                        .said(limit))
                    : Messages.later("no program solves this level: the robot cannot reach the goal with every gem using these cards")
                diagnostics.append(LevelProblem(file: file, position: where_, said: said))
            } else {
                diagnostics.append(
                    LevelProblem(
                        file: file, position: where_, severity: .warning,
                        said: Messages.later(
                            "could not confirm that a program within %1$s solves this level: the search stopped at its budget after checking every program of up to %2$s cards",
                            .said(limit), .number(solution.searchedUpTo))))
            }
        } else if !solution.isProven, let count = solution.cardCount {
            diagnostics.append(
                LevelProblem(
                    file: file, position: where_, severity: .note,
                    said: Messages.later(
                        "solvable with %1$s cards; fewer was not proven (every program of up to %2$s cards was checked)",
                        .number(count), .number(solution.searchedUpTo))))
        }
        diagnostics += checkFunctionCards(level)
        return (solution, diagnostics)
    }

    /// Warnings for function cards that cannot be used: a define card without its call card, or the reverse.
    private func checkFunctionCards(_ level: Level) -> [LevelProblem] {
        let cards = Set(level.availableCards)
        var diagnostics: [LevelProblem] = []
        for f in 0..<2 {
            let define = Card.define(f), call = Card.call(f)
            guard cards.contains(define) != cards.contains(call) else { continue }
            let (has, lacks) = cards.contains(define) ? (define, call) : (call, define)
            diagnostics.append(
                LevelProblem(
                    file: level.source.file, position: level.source.position(ofField: "cards"), severity: .warning,
                    said: Messages.later(
                        "the level offers %1$s but not %2$s, so %1$s cannot be used; add %2$s or remove %1$s",
                        .plain(has.name), .plain(lacks.name))))
        }
        if !cards.contains(.end) && cards.contains(where: \.isDefine) {
            diagnostics.append(
                LevelProblem(
                    file: level.source.file, position: level.source.position(ofField: "cards"), severity: .warning,
                    said: Messages.later(
                        "the level offers a define card but no end card, so a definition can only be the last cards; add %s",
                        .plain(Card.end.name))))
        }
        return diagnostics
    }

    /// A warning when the file name's leading number differs from the level number.
    private func checkFileName(_ level: Level) -> [LevelProblem] {
        let name = (level.source.file as NSString).lastPathComponent
        let digits = name.prefix(while: \.isNumber)
        guard !digits.isEmpty, name.dropFirst(digits.count).first == "-", let fileNumber = Int(digits), fileNumber != level.number else {
            return []
        }
        return [
            LevelProblem(
                file: level.source.file, position: level.source.position(ofField: "number"), severity: .warning,
                said: Messages.later(
                    "the file name says level %1$s but '%2$s' is %3$s; rename the file or fix the number",
                    .number(fileNumber), .plain("number"), .number(level.number)))
        ]
    }
}
