/// Which of two records of one session place wins a merge: the later graded, then a fixed order of the content,
/// so that merging parts in any order gives the same gradebook.
///
/// A grading date more than a day after the merge (a part from a machine whose clock says 2099) is not believed:
/// it ranks as the oldest, so it never hides data graded since.
struct MergeRank: Comparable {
    /// The grading date when it is believable, else the empty text (older than every date).
    var date: String
    var student: String
    var error: String
    var fingerprint: String

    init(gradedAt: String, student: String, error: String?, fingerprint: String?, latestBelievable: String) {
        date = gradedAt <= latestBelievable ? gradedAt : ""
        self.student = student
        self.error = error ?? ""
        self.fingerprint = fingerprint ?? ""
    }

    static func < (lhs: MergeRank, rhs: MergeRank) -> Bool {
        (lhs.date, lhs.student, lhs.error, lhs.fingerprint) < (rhs.date, rhs.student, rhs.error, rhs.fingerprint)
    }
}
