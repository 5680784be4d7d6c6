/// A gettext plural rule: the C expression of a PO header's `Plural-Forms` (such as `(n != 1)` or Polish's
/// `(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)`), evaluated for a count.
public struct PluralRule: Sendable {
    /// Why a rule could not be read.
    public struct ParseError: Error, Sendable {
        /// What is wrong.
        public let reason: String
    }

    indirect enum Node: Sendable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    /// The parsed expression; nil for ``germanic``, which is evaluated without one, so that the English catalog,
    /// made at start-up, allocates nothing a leak checker could take for lost (an indirect enum's boxes are held
    /// through tagged pointers that LeakSanitizer does not follow).
    private let root: Node?
    /// How many forms the rule chooses from.
    public let count: Int

    /// English's and Danish's rule: the first form for 1, the second for every other count.
    public static let germanic = PluralRule(root: nil, count: 2)

    private init(root: Node?, count: Int) {
        self.root = root
        self.count = count
    }

    /// Reads `expression` choosing among `count` forms.
    /// - Throws: `ParseError` when the expression is not a plural rule.
    public init(_ expression: String, count: Int) throws {
        guard expression.utf8.count <= 1000 else { throw ParseError(reason: "the rule is longer than 1000 characters") }
        var parser = Parser(tokens: try Self.tokens(expression))
        let root = try parser.conditional()
        guard parser.atEnd else { throw ParseError(reason: "unexpected '\(parser.peek ?? "")' in '\(expression)'") }
        guard count >= 1 else { throw ParseError(reason: "nplurals must be at least 1") }
        self.init(root: root, count: count)
    }

    /// The form (from 0) for `n`, kept below `count`.
    public func form(for n: Int) -> Int {
        let value = root.map { Self.evaluate($0, n: n) } ?? (n != 1 ? 1 : 0)
        return value >= 0 && value < count ? value : 0
    }

    private static func evaluate(_ node: Node, n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n: n) == 0 ? 1 : 0
        case .conditional(let test, let yes, let no): return evaluate(test, n: n) != 0 ? evaluate(yes, n: n) : evaluate(no, n: n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n: n)
            let b = evaluate(right, n: n)
            switch op {
            case "||": return a != 0 || b != 0 ? 1 : 0
            case "&&": return a != 0 && b != 0 ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 ? 0 : a / b
            default: return b == 0 ? 0 : a % b
            }
        }
    }

    private static func tokens(_ text: String) throws -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" {
                index += 1
            } else if character.isASCII && character.isNumber {
                var end = index
                while end < characters.count && characters[end].isASCII && characters[end].isNumber { end += 1 }
                tokens.append(String(characters[index..<end]))
                index = end
            } else if index + 1 < characters.count, ["||", "&&", "==", "!=", "<=", ">="].contains(String(characters[index...index + 1])) {
                tokens.append(String(characters[index...index + 1]))
                index += 2
            } else if "n()?:!<>+-*/%".contains(character) {
                tokens.append(String(character))
                index += 1
            } else {
                throw ParseError(reason: "unexpected '\(character)' in '\(text)'")
            }
        }
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        var position = 0
        /// Nesting so far: a hostile rule of thousands of parentheses is refused instead of exhausting the stack.
        var depth = 0
        var atEnd: Bool { position == tokens.count }
        var peek: String? { position < tokens.count ? tokens[position] : nil }

        mutating func take(_ token: String) -> Bool {
            guard peek == token else { return false }
            position += 1
            return true
        }

        mutating func conditional() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw ParseError(reason: "the rule is nested too deeply") }
            let test = try binary(level: 0)
            guard take("?") else { return test }
            let yes = try conditional()
            guard take(":") else { throw ParseError(reason: "expected ':' after '?'") }
            return .conditional(test, yes, try conditional())
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(level: Int) throws -> Node {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level: level + 1)
            while let op = peek, Self.levels[level].contains(op) {
                position += 1
                left = .binary(op, left, try binary(level: level + 1))
            }
            return left
        }

        mutating func unary() throws -> Node {
            if take("!") {
                depth += 1
                defer { depth -= 1 }
                guard depth <= 64 else { throw ParseError(reason: "the rule is nested too deeply") }
                return .not(try unary())
            }
            if take("(") {
                let inner = try conditional()
                guard take(")") else { throw ParseError(reason: "expected ')'") }
                return inner
            }
            if take("n") { return .n }
            if let token = peek, let value = Int(token) {
                position += 1
                return .number(value)
            }
            throw ParseError(reason: "unexpected \(peek.map { "'\($0)'" } ?? "end")")
        }
    }
}
