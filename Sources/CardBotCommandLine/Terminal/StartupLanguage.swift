/// The language of every message, chosen from the raw command line before the argument parser reads it.
///
/// So help, usage errors and validation errors speak it too. It is the last `--language CODE` (or `--language=CODE`)
/// before a `--`, else the locale environment (`LanguageChoice`). A command's ``LanguageOptions`` chooses again as it
/// is validated, with the same result.
package enum StartupLanguage {
    /// The option's name.
    package static let option = "--language"

    /// ArgumentParser's flags whose output is read by programs (the manual pages, shell completions): always in
    /// English, as JSON and CSV are, whatever the locale.
    package static let machineOutputFlags = ["--experimental-dump-help", "--generate-completion-script"]

    /// The value of the last `--language` in `arguments`, or nil when there is none.
    package static func language(in arguments: [String]) -> String? {
        var value: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == option, index + 1 < arguments.count {
                value = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix(option + "=") {
                value = String(argument.dropFirst(option.count + 1))
            }
            index += 1
        }
        return value
    }

    /// `arguments` as the argument parser is to read them: for the `help` pseudo-command (`cardbot help run
    /// --language da`, `cardbot --language da help grade merge`) and the bare root command (`cardbot --language
    /// da`, its help), which take no options, without `--language` and its value; any other command line as it is.
    package static func forParsing(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept += arguments[index...]
                break
            }
            if argument == option {
                index += 2
                continue
            }
            if !argument.hasPrefix(option + "=") { kept.append(argument) }
            index += 1
        }
        return kept.isEmpty || kept.first == "help" ? kept : arguments
    }

    /// Makes the language of `arguments` (else the locale environment's) that of every message.
    ///
    /// A catalog that cannot be read leaves the messages in English here: the command's ``LanguageOptions`` reports it
    /// (and `cardbot paths`, which has none, still shows where it was looked for).
    package static func choose(for arguments: [String]) {
        guard
            !arguments.contains(where: { argument in
                machineOutputFlags.contains { argument == $0 || argument.hasPrefix($0 + "=") }
            })
        else { return }
        try? LanguageOptions.use(language(in: arguments))
    }
}
