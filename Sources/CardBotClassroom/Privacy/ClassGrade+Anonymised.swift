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
