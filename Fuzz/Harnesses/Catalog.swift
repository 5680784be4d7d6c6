import CardBotSupport

/// libFuzzer entry: a message catalog's text (GNU gettext PO) through the PO reader, its plural rule evaluated
/// for a few counts and a message looked up and formatted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    guard let catalog = try? MessageCatalog(language: "xx", poText: text, file: "<fuzz>") else { return 0 }
    for count in [0, 1, 2, 5, 11, 21, 101] { _ = catalog.plural.form(for: count) }
    for (key, _) in catalog.translations.prefix(8) {
        _ = Messages.format(catalog.text(key), ["a", 1, "b"])
    }
    return 0
}
