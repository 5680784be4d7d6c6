/// Numbers and dates as the reader's language writes them (people's text only; machine formats keep ISO forms).
extension Messages {
    /// `number`, written with a decimal point as Swift and JSON write it, with the decimal mark of the current
    /// language instead: `1.5` is `1,5` in Danish.
    ///
    /// The mark is the catalog's translation of "." in the context "decimal mark"; machine formats never call this.
    public static func decimal(_ number: String) -> String {
        decimal(number, in: current)
    }

    /// `number` with the decimal mark of `catalog` instead of its point.
    public static func decimal(_ number: String, in catalog: MessageCatalog) -> String {
        let mark = catalog.text(".", context: "decimal mark")
        return mark == "." ? number : number.replacingOccurrences(of: ".", with: mark)
    }
}

extension Messages {
    /// An ISO day (`2026-11-26`) as the current language writes a date (`26.11.2026` in Danish); anything else is
    /// returned as it is.
    public static func day(_ iso: String) -> String {
        dayParts(iso).map { Messages.text("%1$s-%2$s-%3$s", $0.year, $0.month, $0.day, context: "date") } ?? iso
    }

    /// An ISO day without its year (`11-26`; `26.11.` in Danish), for charts where the year is known.
    public static func shortDay(_ iso: String) -> String {
        dayParts(iso).map { Messages.text("%2$s-%3$s", $0.year, $0.month, $0.day, context: "date") } ?? iso
    }

    private static func dayParts(_ iso: String) -> (year: Substring, month: Substring, day: Substring)? {
        let parts = iso.prefix(10).split(separator: "-")
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}
