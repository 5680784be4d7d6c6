import Foundation

/// A folder of five level files, each broken in its own way, for the tests of how `validate` and `run` tell
/// what is wrong: an unknown field with a near name, bad tiles, a goal no program reaches, a file name whose number
/// is not the level's, and two levels that unlock each other.
enum BrokenLevelFolder {
    /// The files, by name.
    static let files: [String: String] = [
        "01-typo.json": """
            {
              "format": 1,
              "number": 1,
              "nmae": "Typo",
              "description": "d",
              "cards": {"0": "forward"},
              "tiles": [">G"]
            }

            """,
        "02-tiles.json": """
            {
              "format": 1,
              "number": 2,
              "name": "Tiles",
              "description": "d",
              "cards": {"0": "forward"},
              "tiles": [">G?", ".."]
            }

            """,
        "03-wall.json": """
            {
              "format": 1,
              "number": 3,
              "name": "Wall",
              "description": "d",
              "cards": {"0": "forward", "1": "left"},
              "tiles": [">#G"]
            }

            """,
        "04-wrong-number.json": """
            {
              "format": 1,
              "number": 5,
              "name": "Loop one",
              "description": "d",
              "unlocks": 6,
              "cards": {"0": "forward"},
              "tiles": [">G"]
            }

            """,
        "06-loop.json": """
            {
              "format": 1,
              "number": 6,
              "name": "Loop two",
              "description": "d",
              "unlocks": 5,
              "cards": {"0": "forward"},
              "tiles": [">G"]
            }

            """,
    ]

    /// The names a level file types, which stay as they are in every language.
    static let typedNames: Set<String> = ["name", "nmae", "tiles", "number", "unlocks", "cards", "forward"]

    /// Writes the files to a fresh folder, which the caller removes.
    static func make() throws -> URL {
        let folder = try CLIRunner.temporaryDirectory("cardbot-broken-levels")
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
