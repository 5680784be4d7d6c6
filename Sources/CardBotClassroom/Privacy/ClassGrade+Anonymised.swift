import Foundation

extension ClassGrade {
    /// This class as an anonymised report shows it (``Anonymisation``): each student by her pseudonym, each session
    /// folder as `session-N` (numbered in the report order of the real class, so the same sessions always get the
    /// same numbers, in one run as in merged shards), the words of the students' names and the session folders'
    /// paths taken out of every other text (errors, notes, frame names, level files), and only the maps among the
    /// pictures.
    public func anonymised(_ rule: Anonymisation) -> ClassGrade {
        let pseudonyms = Pseudonyms(rule, students: grades.map { Pseudonyms.Student(key: $0.student, name: $0.student) })
        var aliases: [String: String] = [:]
        let renamed = grades.enumerated().map { index, grade -> SessionGrade in
            let pseudonym = pseudonyms.byKey[grade.student] ?? "?"
            let path = "session-\(index + 1)"
            aliases[path] = grade.path
            return grade.anonymised(path: path, student: pseudonym, pseudonyms: pseudonyms)
        }
        pictures.anonymise(aliases: aliases)
        return ClassGrade(classPath: className, grades: renamed, shelf: pictures, className: className)
    }
}

extension SessionGrade {
    /// This grade at `path`, by `student`, with the session's old path and the students' names taken out of its
    /// texts.
    func anonymised(path newPath: String, student pseudonym: String, pseudonyms: Pseudonyms) -> SessionGrade {
        let oldPath = path
        func clean(_ text: String) -> String {
            var text = text
            if oldPath != "." { text = text.replacingOccurrences(of: oldPath, with: newPath) }
            return pseudonyms.scrub(text, with: pseudonym)
        }
        var grade = self
        grade.path = newPath
        grade.student = pseudonym
        grade.levelFile = levelFile.map(clean)
        grade.error = error.map(clean)
        grade.notes = notes.map(clean)
        grade.firstSuccess?.frame = clean(firstSuccess?.frame ?? "")
        grade.taps = taps.map { tap in
            var tap = tap
            tap.frame = clean(tap.frame)
            return tap
        }
        grade.history = history.map { record in
            var record = record
            record.frame = clean(record.frame)
            record.message = clean(record.message)
            return record
        }
        grade.unreadable = unreadable.map { frame in
            var frame = frame
            frame.name = clean(frame.name)
            let reason = clean(frame.reason)
            // A reason that named the child is shown as cleaned, in English, rather than translated with the name.
            if reason != frame.reason { frame.said = nil }
            frame.reason = reason
            return frame
        }
        return grade
    }
}
