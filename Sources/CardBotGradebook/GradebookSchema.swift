import GRDB

/// The gradebook's tables, built by versioned migrations from the first release on; a teacher can open the
/// file with `sqlite3` and query them (docs/grading.md documents every column).
///
/// ```
/// meta(key, value)                           format = cardbot-gradebook, schema = 8, created-by
/// grading(id, fingerprint, settings, ...)    one graded content: level, attempts, stars, pictures, times;
///                                            own_level_file: the session's own level file (schema 4);
///                                            needs_review, review_reasons: why it needs a look (schema 8)
/// attempt(grading_id, number, ...)           every program run, in order, with its result; read_program,
///                                            corrected_by, corrected_at: a teacher's correction (schema 5)
/// unreadable_frame(grading_id, position, frame, reason)
/// session_file(grading_id, position, name, size, hash)   what the fingerprint was made of
/// replay(grading_id, attempt, gif)           the report's replay of an attempt (schema 2)
/// tap(grading_id, position, frame, seconds, end_seconds, press)   every tap on the GO card (schema 3)
/// card_reading(grading_id, attempt, position, marker, confidence, corrected_cells, crop)
///                                            how each card of an attempt was read, and its picture (schema 5)
/// session(class, path, student, grading_id, error, graded_at, student_id)   where each session lies, who it is;
///                                            student_id: the roster's student, when known (schema 6)
/// class_folder(class, name, folder, source)  a class's key (class.json's roster class or id; without one its
///                                            canonical absolute path), the reports' title (schema 4), the
///                                            folder it was last graded in and where the key came from (schema 7)
/// school(id, name)                           the roster's schools (schema 6)
/// student(id, given_name, family_name, grade, school_id, username)   the roster's students (schema 6)
/// class(id, title, school_id)                the roster's classes (schema 6)
/// enrollment(class_id, student_id, begin_date, end_date)   who is in which class when (schema 6)
/// grades                                     a view: session joined with its grading, one row a session
///                                            (student_id from schema 6, needs_review from schema 8)
/// ```
/// `PRAGMA application_id` is ``applicationID`` and `PRAGMA user_version` the schema version, so the file says
/// what it is to any SQLite tool.
enum GradebookSchema {
    /// `PRAGMA application_id` of a CardBot gradebook: "CBGB" in ASCII.
    static let applicationID: Int32 = 0x4342_4742
    /// The value of `meta.format`.
    static let format = "cardbot-gradebook"
    /// The newest schema version this cardbot writes and reads.
    static var version: Int { migrationNames.count }
    /// The migrations, in order; the n-th makes schema version n.
    static let migrationNames = [
        "v1: sessions, gradings, attempts", "v2: attempt replays", "v3: run signal, GO taps, notes",
        "v4: own level files, class identities", "v5: card readings",
        "v6: rosters, sessions keyed to student ids", "v7: stable class ids", "v8: grades that need a look",
        "v9: student name keys",
    ]

    /// Every migration, in order. A released migration is never changed: a new schema is a new migration.
    static func migrator(cardbotVersion: String) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(migrationNames[0]) { db in
            try db.execute(sql: """
                PRAGMA application_id = \(applicationID);
                CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS grading (
                    id INTEGER PRIMARY KEY,
                    fingerprint TEXT NOT NULL,
                    settings TEXT NOT NULL,
                    level INTEGER,
                    level_name TEXT,
                    level_file_hash TEXT,
                    attempts INTEGER NOT NULL,
                    solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
                    stars INTEGER CHECK (stars BETWEEN 0 AND 3),
                    cards INTEGER,
                    optimal INTEGER,
                    max_cards INTEGER,
                    first_success_attempt INTEGER,
                    first_success_frame TEXT,
                    first_success_seconds REAL,
                    frames INTEGER NOT NULL,
                    unreadable_frames INTEGER NOT NULL,
                    final_program TEXT NOT NULL,
                    shown_program TEXT NOT NULL,
                    thumbnail BLOB,
                    map BLOB,
                    recorded_at TEXT,
                    graded_at TEXT NOT NULL,
                    cardbot_version TEXT NOT NULL,
                    UNIQUE (fingerprint, settings)
                );
                CREATE TABLE IF NOT EXISTS attempt (
                    grading_id INTEGER NOT NULL REFERENCES grading(id) ON DELETE CASCADE,
                    number INTEGER NOT NULL,
                    frame TEXT NOT NULL,
                    seconds REAL NOT NULL,
                    program TEXT NOT NULL,
                    solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
                    reason TEXT NOT NULL,
                    message TEXT NOT NULL,
                    PRIMARY KEY (grading_id, number)
                );
                CREATE TABLE IF NOT EXISTS unreadable_frame (
                    grading_id INTEGER NOT NULL REFERENCES grading(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    frame TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    PRIMARY KEY (grading_id, position)
                );
                CREATE TABLE IF NOT EXISTS session_file (
                    grading_id INTEGER NOT NULL REFERENCES grading(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    hash TEXT NOT NULL,
                    PRIMARY KEY (grading_id, position)
                );
                CREATE TABLE IF NOT EXISTS session (
                    class TEXT NOT NULL,
                    path TEXT NOT NULL,
                    student TEXT NOT NULL,
                    grading_id INTEGER REFERENCES grading(id) DEFERRABLE INITIALLY DEFERRED,
                    error TEXT,
                    graded_at TEXT NOT NULL,
                    PRIMARY KEY (class, path),
                    CHECK ((grading_id IS NULL) <> (error IS NULL))
                );
                CREATE INDEX IF NOT EXISTS session_by_grading ON session(grading_id);
                CREATE INDEX IF NOT EXISTS session_by_student ON session(student);
                CREATE VIEW IF NOT EXISTS grades AS
                    SELECT s.class, s.path, s.student, g.level, g.level_name, g.attempts, g.solved, g.stars,
                           g.cards, g.optimal, g.first_success_attempt, g.first_success_frame,
                           g.first_success_seconds, g.frames, g.unreadable_frames, g.final_program,
                           s.error, g.recorded_at, s.graded_at, g.fingerprint
                    FROM session s LEFT JOIN grading g ON g.id = s.grading_id;
                INSERT OR IGNORE INTO meta (key, value) VALUES ('format', '\(format)');
                PRAGMA user_version = 1;
                """)
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '1'), ('created-by', ?)",
                arguments: [cardbotVersion])
        }
        // The report's replay of each attempt (a GIF), so that a session read back from the gradebook shows them too.
        migrator.registerMigration(migrationNames[1]) { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS replay (
                    grading_id INTEGER NOT NULL REFERENCES grading(id) ON DELETE CASCADE,
                    attempt INTEGER NOT NULL,
                    gif BLOB NOT NULL,
                    PRIMARY KEY (grading_id, attempt)
                );
                ALTER TABLE grading ADD COLUMN replays_left_out INTEGER NOT NULL DEFAULT 0;
                PRAGMA user_version = 2;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '2')")
        }
        // What made the attempts (run marks, GO-card taps or settled programs: estimated), every tap with its time,
        // and the notes about the run signal; gradings of schema 1 and 2 have no signal (NULL: not known).
        migrator.registerMigration(migrationNames[2]) { db in
            try db.execute(sql: """
                ALTER TABLE grading ADD COLUMN run_signal TEXT CHECK (run_signal IN ('run-marks', 'go-taps', 'settled'));
                ALTER TABLE grading ADD COLUMN notes TEXT NOT NULL DEFAULT '';
                CREATE TABLE IF NOT EXISTS tap (
                    grading_id INTEGER NOT NULL REFERENCES grading(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    frame TEXT NOT NULL,
                    seconds REAL NOT NULL,
                    end_seconds REAL NOT NULL,
                    press INTEGER NOT NULL CHECK (press IN (0, 1)),
                    PRIMARY KEY (grading_id, position)
                );
                PRAGMA user_version = 3;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '3')")
        }
        // A level file inside the session folder that is not the curriculum's level of its number: its path in the
        // session folder, so that it is never counted as that curriculum level (NULL: a curriculum level; gradings
        // of schema 1 to 3 are taken as curriculum levels, as they were graded). Classes are keyed by their
        // canonical absolute path from now on; `class_folder` keeps the name they were given as; sessions of
        // older schemas keep the class as it was typed until `grade` is given that class again the same way.
        migrator.registerMigration(migrationNames[3]) { db in
            try db.execute(sql: """
                ALTER TABLE grading ADD COLUMN own_level_file TEXT;
                CREATE TABLE IF NOT EXISTS class_folder (class TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL);
                PRAGMA user_version = 4;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '4')")
        }
        // What each card of each attempt rests on: the marker read in the attempt's frame, how sure and how many
        // cells corrected, and the card cut from the frame (JPEG; null when no pictures were made). A card the
        // attempt's frame does not show has no row. Gradings of schema 1 to 4 have none. A teacher's correction
        // of an attempt: what CardBot had read (read_program, NULL when the attempt was not corrected), by whom
        // and when.
        migrator.registerMigration(migrationNames[4]) { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS card_reading (
                    grading_id INTEGER NOT NULL REFERENCES grading(id) ON DELETE CASCADE,
                    attempt INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    marker INTEGER NOT NULL,
                    confidence REAL NOT NULL,
                    corrected_cells INTEGER NOT NULL,
                    crop BLOB,
                    PRIMARY KEY (grading_id, attempt, position)
                );
                ALTER TABLE attempt ADD COLUMN read_program TEXT;
                ALTER TABLE attempt ADD COLUMN corrected_by TEXT;
                ALTER TABLE attempt ADD COLUMN corrected_at TEXT;
                PRAGMA user_version = 5;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '5')")
        }
        // Rosters (`cardbot roster import`): schools, students, classes and enrollments by the roster's ids, and
        // each session's student id (from session.json's `studentId`, else her name when it names one student of
        // the roster; NULL: not known, as for every session of schema 1 to 5 until a roster is imported).
        migrator.registerMigration(migrationNames[5]) { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS school (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS student (
                    id TEXT PRIMARY KEY NOT NULL,
                    given_name TEXT NOT NULL,
                    family_name TEXT NOT NULL,
                    grade TEXT,
                    school_id TEXT,
                    username TEXT
                );
                CREATE TABLE IF NOT EXISTS class (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, school_id TEXT);
                CREATE TABLE IF NOT EXISTS enrollment (
                    class_id TEXT NOT NULL REFERENCES class(id) ON DELETE CASCADE,
                    student_id TEXT NOT NULL REFERENCES student(id) ON DELETE CASCADE,
                    begin_date TEXT,
                    end_date TEXT,
                    PRIMARY KEY (class_id, student_id)
                );
                CREATE INDEX IF NOT EXISTS enrollment_by_student ON enrollment(student_id);
                ALTER TABLE session ADD COLUMN student_id TEXT;
                CREATE INDEX IF NOT EXISTS session_by_student_id ON session(student_id);
                DROP VIEW IF EXISTS grades;
                CREATE VIEW grades AS
                    SELECT s.class, s.path, s.student, g.level, g.level_name, g.attempts, g.solved, g.stars,
                           g.cards, g.optimal, g.first_success_attempt, g.first_success_frame,
                           g.first_success_seconds, g.frames, g.unreadable_frames, g.final_program,
                           s.error, g.recorded_at, s.graded_at, g.fingerprint, s.student_id
                    FROM session s LEFT JOIN grading g ON g.id = s.grading_id;
                PRAGMA user_version = 6;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '6')")
        }
        // Stable class ids (`class.json` in the class folder): a class is keyed by its roster class or its own id,
        // wherever its folder lies, and `class_folder` says where it was last graded (`folder`, its canonical
        // absolute path) and where the key came from (`source`: roster-class, class-json, path). The classes of
        // schema 4 to 6 keep their path keys (source path, folder the key); `grade` moves their sessions to the
        // class's id the first time it grades the folder with a class.json.
        migrator.registerMigration(migrationNames[6]) { db in
            try db.execute(sql: """
                ALTER TABLE class_folder ADD COLUMN folder TEXT;
                ALTER TABLE class_folder ADD COLUMN source TEXT CHECK (source IN ('roster-class', 'class-json', 'path'));
                UPDATE class_folder SET folder = class, source = 'path' WHERE class LIKE '/%';
                PRAGMA user_version = 7;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '7')")
        }
        // Whether a grade needs the teacher's look, and why: `needs_review` (0 or 1; gradings of schema 1 to 7 are
        // 0, as their cardbot judged no doubt) and `review_reasons`, one reason a line as `code<TAB>text<TAB>fix`.
        // The `grades` view gains `needs_review`.
        migrator.registerMigration(migrationNames[7]) { db in
            try db.execute(sql: """
                ALTER TABLE grading ADD COLUMN needs_review INTEGER NOT NULL DEFAULT 0 CHECK (needs_review IN (0, 1));
                ALTER TABLE grading ADD COLUMN review_reasons TEXT NOT NULL DEFAULT '';
                DROP VIEW IF EXISTS grades;
                CREATE VIEW grades AS
                    SELECT s.class, s.path, s.student, g.level, g.level_name, g.attempts, g.solved, g.stars,
                           g.cards, g.optimal, g.first_success_attempt, g.first_success_frame,
                           g.first_success_seconds, g.frames, g.unreadable_frames, g.final_program,
                           s.error, g.recorded_at, s.graded_at, g.fingerprint, s.student_id, g.needs_review
                    FROM session s LEFT JOIN grading g ON g.id = s.grading_id;
                PRAGMA user_version = 8;
                """)
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '8')")
        }
        // The roster's students by the forms their names are compared in (``StudentDirectory``): `kind` 0 a full
        // name ("emma hansen", "hansen emma"), 1 the id or user name, 2 the given name, each lowercased with its
        // spaces collapsed; indexed, so that a session's name is looked up in a few rows however large the roster.
        // Derived from `student` (cardbot writes both; no foreign key, which would cost a lookup a row of a
        // million-student import).
        migrator.registerMigration(migrationNames[8]) { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS student_key (
                    kind INTEGER NOT NULL CHECK (kind IN (0, 1, 2)),
                    key TEXT NOT NULL,
                    student_id TEXT NOT NULL
                );
                CREATE INDEX IF NOT EXISTS student_key_by_form ON student_key(kind, key);
                CREATE INDEX IF NOT EXISTS student_key_by_student ON student_key(student_id);
                PRAGMA user_version = 9;
                """)
            let students = try RosterStudent.fetchCursor(db)
            while let student = try students.next() { try StudentDirectory.record(student, in: db) }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', '9')")
        }
        return migrator
    }
}
