import GRDB

/// A value of a gradebook that its column cannot hold (a damaged or hand-edited file): the table, the column and
/// what it holds, so that the error says which and what to do.
struct DamagedGradebookValue: Error, CustomStringConvertible {
    var table: String
    var column: String
    var value: String
    var expected: String

    var description: String {
        "the gradebook is damaged: \(table).\(column) holds \(value) where \(expected) belongs; grading the class "
            + "again with this --gradebook grades the damaged sessions anew (or use a copy from before the damage)"
    }
}

extension Row {
    /// The value of `column` (of a row of `table`) as `T`; a value that is not a `T` is a
    /// ``DamagedGradebookValue``, never a trap (GRDB's subscripts trap on a mismatch).
    ///
    /// Counts, numbers and seconds (`Int` and `Double` columns) must also lie within ±``plausibleLimit`` (and be
    /// finite): a value beyond it (frames = 2^63 - 1, a tap at 1e300 s) would overflow the sums and clocks of
    /// the reports, so it is damage too. Row ids (`Int64`) are not bounded.
    func checked<T: DatabaseValueConvertible>(_ column: String, _ table: String) throws -> T {
        do {
            let value = try decode(T.self, forColumn: column)
            if let int = value as? Int, int.magnitude > UInt(Self.plausibleLimit) {
                throw DamagedGradebookValue(
                    table: table, column: column, value: String(int),
                    expected: "a whole number between -\(Self.plausibleLimit) and \(Self.plausibleLimit)")
            }
            if let double = value as? Double, !double.isFinite || double.magnitude > Double(Self.plausibleLimit) {
                throw DamagedGradebookValue(
                    table: table, column: column, value: String(double),
                    expected: "a number between -\(Self.plausibleLimit) and \(Self.plausibleLimit)")
            }
            return value
        } catch let error as DamagedGradebookValue {
            throw error
        } catch {
            let raw: DatabaseValue = hasColumn(column) ? (self[column] as DatabaseValue? ?? .null) : .null
            let shown: String
            switch raw.storage {
            case .null: shown = hasColumn(column) ? "NULL" : "nothing (the column is missing)"
            case .int64(let int): shown = String(int)
            case .double(let double): shown = String(double)
            case .string(let string): shown = "'" + String(string.prefix(40)) + (string.count > 40 ? "…'" : "'")
            case .blob(let data): shown = "\(data.count) bytes of data"
            }
            throw DamagedGradebookValue(table: table, column: column, value: shown, expected: Self.expected(T.self))
        }
    }

    /// The largest count, number or time in seconds a gradebook value may plausibly hold (a billion).
    static let plausibleLimit = 1_000_000_000

    /// What a column of type `T` holds, in words.
    static func expected<T>(_ type: T.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int?.Type, is Int64?.Type: return "a whole number"
        case is Double.Type, is Double?.Type: return "a number"
        case is Bool.Type, is Bool?.Type: return "0 or 1"
        case is String.Type, is String?.Type: return "text"
        default: return "data"
        }
    }
}
