import CardBotSupport
import Foundation

/// Reads level files and directories of them.
public enum LevelLoader {
    /// Reads, parses and decodes one level file.
    /// - Parameters:
    ///   - deckNames: the deck's cards by marker id, to check the level's marker ids against; `nil` skips that check.
    /// - Returns: the level and any warnings.
    /// - Throws: ``LevelLoadError`` with every problem found.
    public static func load(_ path: String, deckNames: [Int: String]? = nil) throws(LevelLoadError) -> Level {
        let json = try parse(path)
        let (level, diagnostics) = LevelDecoder.decode(json, file: path, deckNames: deckNames)
        guard let level else { throw LevelLoadError(file: path, diagnostics: diagnostics) }
        return level
    }

    /// Reads one level from text (for tests and tools); `file` names it in messages.
    public static func load(text: String, file: String = "<text>", deckNames: [Int: String]? = nil) throws(LevelLoadError) -> Level {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw LevelLoadError(file: file, diagnostics: [LevelProblem(file: file, position: error.position, said: error.said)])
        }
        let (level, diagnostics) = LevelDecoder.decode(json, file: file, deckNames: deckNames)
        guard let level else { throw LevelLoadError(file: file, diagnostics: diagnostics) }
        return level
    }

    /// Reads and parses a level file into positioned JSON, refusing files that are missing, too large or not UTF-8.
    public static func parse(_ path: String) throws(LevelLoadError) -> JSONValue {
        func fail(_ said: MessageText) -> LevelLoadError {
            LevelLoadError(file: path, diagnostics: [LevelProblem(file: path, position: .none, said: said)])
        }
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: LevelLimits.maximumFileBytes)
        } catch {
            switch error.kind {
            case .notFound: throw fail(Messages.later("no such file"))
            case .isDirectory: throw fail(Messages.later("is a directory, not a level file"))
            case .tooLarge:
                throw fail(
                    Messages.later(
                        "the file is larger than %s KiB; a level file is a few hundred bytes",
                        .number(LevelLimits.maximumFileBytes / 1024)))
            // The file system's own words (a FIFO, a socket, a permission refused), as the system layer says them.
            case .notRegular, .unreadable:
                throw LevelLoadError(file: path, diagnostics: [LevelProblem(file: path, position: .none, said: error.said)])
            }
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw fail(Messages.later("the file is not UTF-8 text"))
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw fail(Messages.later("the file is empty; a level file holds one JSON object"))
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            // The JSON parser's words are shared by every JSON file CardBot reads; they stay English.
            throw LevelLoadError(file: path, diagnostics: [LevelProblem(file: path, position: error.position, said: error.said)])
        }
    }

    /// Why `directory` gives no levels, and what to pass instead.
    public static func unlisted(_ directory: String) -> MessageText {
        FileSystem.exists(directory)
            ? Messages.later("cannot list the folder of levels; pass a readable folder of level files with --levels DIR")
            : Messages.later(
                "no such folder of levels; pass the folder of your level files with --levels DIR (or set CARDBOT_HOME to the folder CardBot's %s are in)",
                .plain("Levels"))
    }

    /// The level files in `directory`: every `*.json` except `*.schema.json`, sorted by name.
    public static func levelFiles(in directory: String) throws(LevelLoadError) -> [String] {
        let names: [String]
        do {
            names = try FileSystem.names(in: directory)
        } catch {
            throw LevelLoadError(
                file: directory, diagnostics: [LevelProblem(file: directory, position: .none, said: Self.unlisted(directory))])
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasPrefix(".") }
            .sorted()
            .map { base + "/" + $0 }
    }
}

extension LevelLoader {
    /// Finds a level given as a file path, or as a level number looked up in `directory`.
    /// - Throws: ``LevelLoadError`` when the file is not a valid level or no level has that number.
    public static func locate(_ argument: String, levelsDirectory directory: String, deckNames: [Int: String]? = nil) throws(LevelLoadError) -> Level {
        if let number = Int(argument), !FileSystem.exists(argument) {
            let catalog = try LevelCatalog(directory: directory, deckNames: deckNames)
            if let level = catalog.level(number: number) { return level }
            if let broken = catalog.problems.first(where: { problem in
                (try? LevelLoader.parse(problem.file))?.members?.first(where: { $0.key == "number" })?.value.intValue == number
            }) {
                throw broken
            }
            let numbers = catalog.levels.map(\.number).sorted()
            let said =
                numbers.isEmpty
                ? Messages.later(
                    "no level number %s (it holds no valid levels); give a level file, or the folder of yours with --levels DIR",
                    .number(number))
                : Messages.later(
                    "no level number %s (its levels are %s); give a level file, or the folder of yours with --levels DIR",
                    .number(number), .plain(numbers.map(String.init).joined(separator: ", ")))
            throw LevelLoadError(file: directory, diagnostics: [LevelProblem(file: directory, position: .none, said: said)])
        }
        return try load(argument, deckNames: deckNames)
    }
}
