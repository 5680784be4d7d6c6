import CardBotClassroom
import CardBotSession

extension TermProgress {
    /// This progress with each student shown by her pseudonym only (``Anonymisation``): her initials (and no id),
    /// or her roster id (`student-N` when she has none); students in the order of their pseudonyms.
    public func anonymised(_ rule: Anonymisation) -> TermProgress {
        let people = students.map { student -> Pseudonyms.Student in
            // A name shown with its id, `Emma Hansen (stu-1)`, is the name `Emma Hansen`.
            var name = student.name
            if let id = student.id, name.hasSuffix(" (\(id))") { name = String(name.dropLast(id.count + 3)) }
            return Pseudonyms.Student(key: student.id.map { "id:" + $0 } ?? "name:" + student.name, name: name, id: student.id)
        }
        let pseudonyms = Pseudonyms(rule, students: people)
        var copy = self
        copy.students = zip(students, people).map { student, person in
            var student = student
            student.name = pseudonyms.byKey[person.key] ?? "?"
            student.id = rule == .ids ? student.id : nil
            return student
        }.sorted { NaturalOrder.areInIncreasingOrder($0.name, $1.name) }
        copy.isAnonymised = true
        return copy
    }

    /// The title of this progress's pages: the gradebook's name, and the student's when the page is one student's
    /// (her pseudonym when anonymised).
    public func title(gradebook: String, student: String?) -> String {
        Self.title(gradebook: gradebook, student: isAnonymised && student != nil ? students.first?.name ?? "?" : student)
    }
}
