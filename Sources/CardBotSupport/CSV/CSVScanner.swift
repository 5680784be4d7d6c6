/// The state of one reading of ``CSVTable``: a cursor over the bytes with its line and column, the problems
/// found so far and how many records were handed out.
struct CSVScanner {
    let bytes: [UInt8]
    let limits: CSVTable.Limits
    var problems: [CSVProblem] = []
    /// The records handed out so far.
    var count = 0
    var index = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8], limits: CSVTable.Limits) {
        self.bytes = bytes
        self.limits = limits
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The byte at the cursor, if any.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte, keeping the line and column (columns count Unicode scalars: UTF-8 continuation
    /// bytes do not advance them).
    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A || (byte == 0x0D && current != 0x0A) {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80, byte != 0x0D {
            column += 1
        }
    }

    /// Moves past the end of the current line (its CR, LF or CRLF included).
    mutating func skipLine() {
        while let byte = current {
            advance()
            if byte == 0x0A { return }
            if byte == 0x0D {
                if current == 0x0A { advance() }
                return
            }
        }
    }

    mutating func problem(_ position: SourcePosition, _ reason: MessageText) {
        problems.append(CSVProblem(position: position, reason: reason))
    }

    /// Reads every record, handing each to `each` as it is read; `each` returns false to stop the reading.
    mutating func run(_ each: (CSVRecord) -> Bool) {
        while current != nil {
            if count >= limits.records {
                problem(SourcePosition(line: line, column: 1), Messages.later(
                    "more than %s records: split the file, or give the records a school at a time", .number(limits.records)))
                return
            }
            if !readRecord(each) { return }
        }
    }

    /// Reads one record (or skips a blank line) and hands it to `each`; false when reading must stop.
    mutating func readRecord(_ each: (CSVRecord) -> Bool) -> Bool {
        let start = line
        if current == 0x0A || current == 0x0D {
            skipLine()
            return true
        }
        var fields: [String] = []
        while true {
            let fieldStart = SourcePosition(line: line, column: column)
            guard fields.count < limits.fields else {
                problem(fieldStart, Messages.later("more than %s fields in one record", .number(limits.fields)))
                skipLine()
                return true
            }
            var field: [UInt8] = []
            if current == 0x22 {
                advance()
                var closed = false
                while let byte = current {
                    if byte == 0x22 {
                        advance()
                        if current == 0x22 {
                            field.append(0x22)
                            advance()
                            continue
                        }
                        closed = true
                        break
                    }
                    field.append(byte)
                    advance()
                }
                guard closed else {
                    problem(fieldStart, Messages.later("the quote opened here is never closed: end the field with a double quote"))
                    return false
                }
                if let byte = current, byte != 0x2C, byte != 0x0A, byte != 0x0D {
                    problem(SourcePosition(line: line, column: column), Messages.later(
                        "text after a closing quote: quote the whole field, and write a quote inside it as two (\"\")"))
                    skipLine()
                    return true
                }
            } else {
                while let byte = current, byte != 0x2C, byte != 0x0A, byte != 0x0D {
                    if byte == 0x22 {
                        problem(SourcePosition(line: line, column: column), Messages.later(
                            "a quote inside an unquoted field: quote the whole field, and write a quote inside it as two (\"\")"))
                        skipLine()
                        return true
                    }
                    field.append(byte)
                    advance()
                }
            }
            guard field.count <= limits.fieldBytes else {
                problem(fieldStart, Messages.later("a field of %s bytes; a field holds at most %s", .number(field.count), .number(limits.fieldBytes)))
                skipLine()
                return true
            }
            guard let text = String(validating: field, as: UTF8.self) else {
                problem(fieldStart, Messages.later("this field is not UTF-8 text: save the file as UTF-8 CSV"))
                skipLine()
                return true
            }
            fields.append(text)
            if current == 0x2C {
                advance()
                continue
            }
            if current != nil { skipLine() }
            count += 1
            return each(CSVRecord(fields: fields, line: start))
        }
    }
}
