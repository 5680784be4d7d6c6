extension JSONValue {
    /// ``typeDescription`` as a message, told in the reader's language ("an object" is "et objekt" in Danish).
    public var typeSaid: MessageText {
        switch kind {
        case .object: Messages.later("an object")
        case .array: Messages.later("an array")
        case .string: Messages.later("a string")
        case .number: isWholeNumber ? Messages.later("a whole number") : Messages.later("a number with a fraction")
        case .bool: Messages.later("true or false")
        case .null: Messages.later("null")
        }
    }
}
