import Foundation

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
        grade.shownError = shownError.map(clean)
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
