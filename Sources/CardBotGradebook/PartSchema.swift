import CardBotSupport
import GRDB

/// What a part gradebook may hold before `grade merge` copies anything from it: the tables, columns, views,
/// triggers and indexes of this cardbot's schema and nothing else.
///
/// A part comes from another machine, and `grade merge` reads its rows by table and column. A column, view,
/// trigger or virtual table the schema does not make is refused before anything is copied: a column name is never
/// pasted into SQL unknown, a view never runs (one over an endless recursive query would fill the disk), and a
/// trigger never fires. A table the schema makes may be missing (its rows are then none).
enum PartSchema {
    /// A schema object: its kind (`table`, `view`, `trigger`, `index` or `virtual table`) and its name.
    struct Object: Hashable, Comparable {
        var kind: String
        var name: String

        static func < (a: Object, b: Object) -> Bool { (a.kind, a.name) < (b.kind, b.name) }
    }

    /// The objects of a database and the columns of each of its tables.
    struct Schema {
        var objects: Set<Object> = []
        var columns: [String: Set<String>] = [:]
    }

    /// Refuses the part at `partPath` unless its schema is this cardbot's.
    /// - Throws: ``GradebookError`` naming the part and the object or column that does not belong.
    static func check(_ partPath: String) throws {
        let fresh = try DatabaseQueue()
        try GradebookSchema.migrator(cardbotVersion: "schema check").migrate(fresh)
        let expected = try fresh.read(schema)
        let part = try open(partPath, label: "cardbot-part-schema")
        defer { try? part.close() }
        let found = try GradebookError.reading(partPath) { try part.read(schema) }
        if let stranger = found.objects.subtracting(expected.objects).sorted().first {
            throw GradebookError(
                file: partPath,
                said: Messages.later(
                    "holds a %1$s '%2$s' that no CardBot gradebook has, so it is not merged: give the part files `cardbot grade --shard` wrote",
                    .plain(stranger.kind), .plain(shown(stranger.name))))
        }
        for (table, columns) in found.columns.sorted(by: { $0.key < $1.key }) {
            guard let known = expected.columns[table] else { continue }
            if let stranger = columns.subtracting(known).sorted().first {
                throw GradebookError(
                    file: partPath,
                    said: Messages.later(
                        "its table '%1$s' has a column '%2$s' that no CardBot gradebook has, so it is not merged: give the part files `cardbot grade --shard` wrote",
                        .plain(table), .plain(shown(stranger))))
            }
            if let missing = known.subtracting(columns).sorted().first {
                throw GradebookError(
                    file: partPath,
                    said: Messages.later(
                        "its table '%1$s' lacks the column '%2$s' that every CardBot gradebook of this schema has, so it is not merged: give the part files `cardbot grade --shard` wrote",
                        .plain(table), .plain(missing)))
            }
        }
    }

    /// A read-only connection to the part at `partPath`.
    /// - Throws: ``GradebookError`` naming the part when it cannot be opened.
    static func open(_ partPath: String, label: String) throws -> DatabaseQueue {
        do {
            return try GradebookReadOnly.open(partPath, label: label)
        } catch {
            throw GradebookError(file: partPath, said: Messages.later("cannot be opened: %s", .plain("\(GradebookIdentity.message(error))")))
        }
    }

    /// A name from the part as an error shows it: control characters made visible, at most 80 characters.
    static func shown(_ name: String) -> String {
        let visible = TerminalText.visible(name)
        return visible.count > 80 ? visible.prefix(80) + "..." : visible
    }

    /// The schema of `db`: every object of `sqlite_master` but SQLite's own, and the columns of each table.
    static func schema(_ db: Database) throws -> Schema {
        var schema = Schema()
        for row in try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master") {
            guard let type = String.fromDatabaseValue(row[0]), let name = String.fromDatabaseValue(row[1]) else { continue }
            if name.hasPrefix("sqlite_") { continue }
            let sql = String.fromDatabaseValue(row[2]) ?? ""
            let virtual = type == "table" && sql.uppercased().hasPrefix("CREATE VIRTUAL")
            schema.objects.insert(Object(kind: virtual ? "virtual table" : type, name: name))
            guard type == "table", !virtual else { continue }
            let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name])
            schema.columns[name] = Set(columns.compactMap { String.fromDatabaseValue($0[0]) })
        }
        return schema
    }
}
