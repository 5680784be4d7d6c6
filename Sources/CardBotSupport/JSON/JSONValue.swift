/// A JSON value that remembers where in its file it starts.
///
/// Foundation's `JSONSerialization` forgets positions; level files need them so that every
/// problem can be reported as `FILE:LINE:COLUMN: error: message`.
public struct JSONValue: Sendable {
    /// What the value is.
    public enum Kind: Sendable {
        /// An object, its members in file order (duplicates kept, so that a checker can report them).
        case object([JSONMember])
        /// An array.
        case array([JSONValue])
        /// A string; `verbatim` is true when it had no escapes, so that character `i` sits at column `position.column + 1 + i`.
        case string(String, verbatim: Bool)
        /// A number as written.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// What the value is.
    public var kind: Kind
    /// Where the value starts (its first character: `{`, `[`, `"`, a digit, ...).
    public var position: SourcePosition

    public init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    /// A short name of the value's type for messages: "an object", "a string", ...
    public var typeDescription: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number(let text): return isIntegerText(text) ? "a whole number" : "a number with a fraction"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let s, _) = kind { return s }
        return nil
    }

    /// The whole number, if this is an integer that fits in `Int`.
    public var intValue: Int? {
        guard case .number(let text) = kind, isIntegerText(text) else { return nil }
        return Int(text)
    }

    /// The number as written, if this is a number.
    public var numberText: String? {
        if case .number(let text) = kind { return text }
        return nil
    }

    /// Whether this is a number written without a fraction or exponent (it may still be too large for `Int`).
    public var isWholeNumber: Bool {
        guard case .number(let text) = kind else { return false }
        return isIntegerText(text)
    }

    /// The members, if this is an object.
    public var members: [JSONMember]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// The elements, if this is an array.
    public var elements: [JSONValue]? {
        if case .array(let e) = kind { return e }
        return nil
    }

    private func isIntegerText(_ text: String) -> Bool {
        !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable {
    /// The key.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: SourcePosition
    /// The value.
    public var value: JSONValue

    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
