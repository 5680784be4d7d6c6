import CardBotSupport
import Testing

/// CSV as RFC 4180 writes it: quotes, doubled quotes, CRLF, a byte order mark, line breaks inside quotes; every
/// broken record is reported with its line and column and reading goes on.
@Suite struct CSVTableTests {
    static func table(_ text: String, limits: CSVTable.Limits = CSVTable.Limits()) -> CSVTable {
        CSVTable(Array(text.utf8), limits: limits)
    }

    @Test("quoted fields keep commas, doubled quotes and line breaks; records keep the line they start on")
    func quoting() {
        let table = Self.table("\u{FEFF}id,title\r\n1,\"3B \"\"Robots\"\", north\"\r\n2,\"two\r\nlines\"\r\n\r\n3,\r\n4")
        #expect(table.problems.isEmpty)
        #expect(table.records.map(\.fields) == [["id", "title"], ["1", "3B \"Robots\", north"], ["2", "two\r\nlines"], ["3", ""], ["4"]])
        #expect(table.records.map(\.line) == [1, 2, 3, 6, 7])
    }

    @Test("LF and lone CR end records too; an empty quoted field is empty")
    func lineEnds() {
        let table = Self.table("a,b\nc,\"\"\rd,e\n")
        #expect(table.records.map(\.fields) == [["a", "b"], ["c", ""], ["d", "e"]])
        #expect(table.records.map(\.line) == [1, 2, 3])
    }

    @Test("broken records are reported at their line and column, and reading goes on after them")
    func problems() {
        let table = Self.table("a,b\nx,ab\"c\n\"q\"z,1\nok,ok\n\"é\",\"never closed\n")
        #expect(table.records.map(\.fields) == [["a", "b"], ["ok", "ok"]])
        let places = table.problems.map { ($0.position.line, $0.position.column) }
        #expect(places.count == 3)
        #expect(places[0] == (2, 5) && places[1] == (3, 4) && places[2] == (5, 5))
        #expect(table.problems[0].reason.english.hasPrefix("a quote inside an unquoted field"))
        #expect(table.problems[1].reason.english.hasPrefix("text after a closing quote"))
        #expect(table.problems[2].reason.english.hasPrefix("the quote opened here is never closed"))
    }

    @Test("bytes that are not UTF-8 and fields beyond the limits are refused with their place")
    func limits() {
        var bytes = Array("a,b\n".utf8)
        bytes += [0x41, 0xFF, 0x2C, 0x42, 0x0A]
        let table = CSVTable(bytes)
        #expect(table.records.count == 1)
        #expect(table.problems.first?.position == SourcePosition(line: 2, column: 1))
        #expect(table.problems.first?.reason.english.contains("not UTF-8") == true)

        let small = CSVTable.Limits(records: 2, fields: 3, fieldBytes: 4)
        let bounded = Self.table("a,b,c,d\nlonger,x\n1\n2\n3\n", limits: small)
        #expect(bounded.problems.map(\.position.line) == [1, 2, 5])
        #expect(bounded.records.map(\.fields) == [["1"], ["2"]])
        #expect(bounded.problems.last?.reason.english.hasPrefix("more than 2 records") == true)
    }

    @Test("UTF-16 text, little- or big-endian, with a byte order mark or without, is read as the same text")
    func utf16() {
        let text = "id,name\r\n1,\"Åse, Øst\"\r\n2,Maja 🤖\r\n"
        let units = Array(text.utf16)
        let little = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [[0xFF, 0xFE] + little, [0xFE, 0xFF] + big, little, big] {
            let table = CSVTable(bytes)
            #expect(table.problems.isEmpty)
            #expect(table.records.map(\.fields) == [["id", "name"], ["1", "Åse, Øst"], ["2", "Maja 🤖"]])
        }
        // A lone surrogate and half a character at the end are fields that are not UTF-8, at their place.
        let broken = CSVTable([0xFF, 0xFE] + Array("a,b\n".utf16).flatMap { [UInt8($0), 0] } + [0x41, 0, 0x00, 0xDC, 0x0A, 0, 0x42])
        #expect(broken.problems.map(\.position) == [SourcePosition(line: 2, column: 1), SourcePosition(line: 3, column: 1)])
        #expect(broken.records.map(\.fields) == [["a", "b"]])
    }
}
