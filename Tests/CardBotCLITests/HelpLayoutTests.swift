import Testing

/// `cardbot help` reads as a manual: the EXIT STATUS table stays a table at 80 columns, each status and its
/// continuation lines indented, nothing wrapped back to column 0; so do numbered lists, in English and Danish.
@Suite struct HelpLayoutTests {
    @Test("EXIT STATUS lines are indented at 80 columns", arguments: [
        ["help", "run"], ["help", "grade", "class-folder"], ["help", "grade", "merge"], ["help", "progress"], ["help", "validate"],
        ["help", "levels", "list"], ["help", "cards", "check"], ["help", "solve"],
        ["help", "roster", "match"],
    ])
    func exitStatusTable(arguments: [String]) throws {
        let output = try CLIRunner.run(arguments, environment: ["COLUMNS": "80"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "EXIT STATUS"), "\(arguments): no EXIT STATUS")
        var rows = 0
        for line in lines[(start + 1)...] {
            if line.isEmpty { break }
            #expect(line.hasPrefix("  "), "\(arguments): '\(line)' wraps to column 0")
            #expect(line.count <= 80, "\(arguments): '\(line)' is wider than 80 columns")
            rows += 1
        }
        #expect(rows >= 3)
    }

    @Test("a numbered list's items keep their continuation lines indented at 80 columns", arguments: [["help", "run"], ["help", "run", "--language", "da"]])
    func numberedLists(arguments: [String]) throws {
        let output = try CLIRunner.run(arguments, environment: ["COLUMNS": "80"])
        #expect(output.status == 0, "\(output.stderr)")
        var items = 0
        var inItem = false
        for line in output.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.range(of: #"^  [0-9]+\. "#, options: .regularExpression) != nil {
                inItem = true
                items += 1
            } else if line.isEmpty || !line.hasPrefix(" ") {
                #expect(!inItem || line.isEmpty, "\(arguments): '\(line)' wraps a list item to column 0")
                inItem = false
            }
            #expect(line.count <= 80, "\(arguments): '\(line)' is wider than 80 columns")
        }
        #expect(items >= 3, "\(arguments): the attempts' numbered list")
    }
}
