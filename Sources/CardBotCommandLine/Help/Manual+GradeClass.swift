import CardBotSupport

extension Manual {
    /// `cardbot grade class-folder`'s manual: what a session, a student and a star are, the reports, the gradebook and
    /// the exit statuses.
    package static var gradeClass: String {
        Messages.text("""
        Every folder below CLASS_DIR that holds frames or a session.json is one recorded session (a \
        session.json may name a video), and so is every video file in a folder without them. The \
        student is session.json's "student", else the parent folder's name when sessions are grouped by \
        student (class/maya/level-3/, class/maya/lesson.mp4), else the session folder's (or video's) name. \
        The level is session.json's "level", else --level. Videos are read at --sample-fps.

        Stars: 3 when solved with at most the fewest possible cards (where that is not known, at most \
        the level's maxCards), 2 when solved with more cards, 1 when a program was run but none solved \
        the level, 0 when no program could be read. A session that cannot be graded (no level, no \
        frames, a broken session.json) becomes a row with its error and never stops the class.

        The table of students by levels and the class summary go to standard output. Each --out FILE \
        writes a report in the format its extension names: .csv (one row per session), .json (sessions \
        and summary) or .html (one self-contained page with pictures; past 8 MiB of pictures, a class page \
        and a folder beside it with a page per student). Reports are written atomically, \
        and grading the same folder twice gives byte-identical reports.

        With --gradebook FILE.sqlite every session is also recorded in the term's gradebook, and a \
        session whose session.json and frames are unchanged since it was recorded (wherever its folder \
        now lies) is read from it instead of being graded again; --regrade grades every session anew. \
        `cardbot grade merge PART.sqlite... --gradebook ALL.sqlite` joins the gradebooks of --shard runs.

        EXIT STATUS
          0   every session was graded (solved or not)
          1   some session could not be graded (its error is in the reports)
          2   bad input: no sessions, or a bad --level, deck, --out or gradebook
          64  the command line is not valid (such as an unknown --out extension)
        """)
    }
}
