/// The version `cardbot --version` prints.
enum CardBotVersion {
    static let current = "0.1.0"
}
