import CardBotSession

/// The names an anonymised report shows students by (``Anonymisation``), one for each student, and the words of
/// their real names to take out of any other text.
public struct Pseudonyms: Sendable {
    /// One student as the report knows her.
    public struct Student: Sendable, Hashable {
        /// What tells her apart (a roster id, or her name when she has none).
        public var key: String
        /// Her name as the sessions give it.
        public var name: String
        /// Her roster id, when known.
        public var id: String?

        /// Creates a student.
        public init(key: String, name: String, id: String? = nil) {
            self.key = key
            self.name = name
            self.id = id
        }
    }

    /// The pseudonym of each student, by ``Student/key``.
    public private(set) var byKey: [String: String] = [:]
    /// The words (letters only, two or more, lowercased) of every student's name.
    public private(set) var secretWords: Set<String> = []

    /// The pseudonyms of `students` (in any order; the same set always gets the same pseudonyms) under `rule`.
    public init(_ rule: Anonymisation, students: [Student]) {
        let unique = Array(Set(students)).sorted {
            NaturalOrder.areInIncreasingOrder($0.name, $1.name) || ($0.name == $1.name && $0.key < $1.key)
        }
        var keys: [String] = []
        var seen: Set<String> = []
        for student in unique where seen.insert(student.key).inserted { keys.append(student.key) }
        let first = Dictionary(unique.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        switch rule {
        case .ids:
            var number = 0
            for key in keys {
                if let id = first[key]!.id {
                    byKey[key] = id
                } else {
                    number += 1
                    byKey[key] = "student-\(number)"
                }
            }
        case .initials:
            var groups: [String: [String]] = [:]
            var order: [String] = []
            for key in keys {
                let initials = Self.initials(of: first[key]!.name)
                if groups[initials] == nil { order.append(initials) }
                groups[initials, default: []].append(key)
            }
            for initials in order {
                let members = groups[initials]!
                for (index, key) in members.enumerated() {
                    byKey[key] = members.count == 1 ? initials : "\(initials) (\(index + 1))"
                }
            }
        }
        for student in students { secretWords.formUnion(Self.words(of: student.name)) }
        // A pseudonym's own words are never taken out again.
        secretWords.subtract(byKey.values.flatMap { Self.words(of: $0) })
    }

    /// The initials of `name`: the first letter of each of its words, upper-cased, each with a full stop
    /// (`Maya Berg` is `M.B.`); `S.` when it has no letters.
    public static func initials(of name: String) -> String {
        let letters = words(of: name, minimum: 1, lowercased: false).compactMap(\.first).map { $0.uppercased() + "." }
        return letters.isEmpty ? "S." : letters.joined()
    }

    /// The runs of letters in `text`, of `minimum` letters or more.
    static func words(of text: String, minimum: Int = 2, lowercased: Bool = true) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text + " " {
            if character.isLetter {
                current.append(character)
            } else {
                if current.count >= minimum { words.append(lowercased ? current.lowercased() : current) }
                current = ""
            }
        }
        return words
    }

    /// `text` with each word that is a word of a student's name (whatever its case) replaced by `replacement`.
    public func scrub(_ text: String, with replacement: String = "…") -> String {
        guard !secretWords.isEmpty else { return text }
        var result = ""
        var current = ""
        func flush() {
            result += secretWords.contains(current.lowercased()) ? replacement : current
            current = ""
        }
        for character in text {
            if character.isLetter {
                current.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
