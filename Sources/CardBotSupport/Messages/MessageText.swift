/// A message kept as its English template and values, so that it can be told later in any language: in the
/// reader's on a terminal or a page (``localized``), in English in JSON (``english``).
///
/// Errors of the lower layers (a program that cannot run, a card that is not in a level) are made long before
/// anyone knows where they will be shown; they carry a `MessageText` instead of a finished string. Make one with
/// ``Messages/later(_:_:)`` so that the catalog coverage test finds its template.
public struct MessageText: Sendable, Hashable, CustomStringConvertible {
    /// A value filled into the template.
    public enum Value: Sendable, Hashable {
        /// Shown as it is in every language (a number, a name from a file).
        case plain(String)
        /// A word of the catalog, translated under `context` (a card's keyword: `forward` is `frem` in Danish).
        case term(String, context: String)
        /// Words of the catalog, each translated under `context`, joined by ", ".
        case terms([String], context: String)
        /// A message of its own, told in the same language (a part that differs from case to case, such as what a
        /// value should have been).
        case said(MessageText)
        /// A number written with a decimal point (`0.93`, `0:11.5`), told with the decimal mark of the language
        /// (`0,93` in Danish; English and machine formats keep the point).
        case decimal(String)
    }

    /// The English text with `%s` (or `%N$s`) for each value.
    public let template: String
    /// The values, in the template's order.
    public let values: [Value]

    /// A message of `template` and `values`.
    public init(template: String, values: [Value]) {
        self.template = template
        self.values = values
    }

    /// The message in the language of ``Messages/current``.
    public var localized: String { told(in: Messages.current) }

    /// The message in English, as machine formats keep it.
    public var english: String { told(in: .english) }

    /// The message in the reader's language.
    public var description: String { localized }

    /// The message as `catalog` tells it.
    public func told(in catalog: MessageCatalog) -> String {
        let filled: [Any] = values.map { value in
            switch value {
            case .plain(let text): text
            case .term(let word, let context): catalog.text(word, context: context)
            case .terms(let words, let context): words.map { catalog.text($0, context: context) }.joined(separator: ", ")
            case .said(let message): message.told(in: catalog)
            case .decimal(let number): Messages.decimal(number, in: catalog)
            }
        }
        return Messages.format(catalog.text(template), filled)
    }
}

extension Messages {
    /// A message to be told later, in whichever language is current then (see ``MessageText``).
    public static func later(_ template: String, _ values: MessageText.Value...) -> MessageText {
        MessageText(template: template, values: values)
    }
}

extension MessageText.Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A plain value.
    public init(stringLiteral value: String) { self = .plain(value) }
    /// A plain number.
    public init(integerLiteral value: Int) { self = .plain(String(value)) }
}

extension MessageText.Value {
    /// A plain number.
    public static func number(_ value: Int) -> Self { .plain(String(value)) }
    /// A card's keyword, translated in the catalog's "card" context.
    public static func card(_ name: String) -> Self { .term(name, context: "card") }
    /// Card keywords, each translated, joined by ", ".
    public static func cards(_ names: [String]) -> Self { .terms(names, context: "card") }
}
