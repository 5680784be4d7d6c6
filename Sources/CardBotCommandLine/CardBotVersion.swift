/// The version `cardbot --version` prints.
package enum CardBotVersion {
    package static let current = "0.1.0"
}
