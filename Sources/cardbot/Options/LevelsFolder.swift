import ArgumentParser
import CardBotSupport

/// A folder of level files given on the command line (`--levels DIR`), by default the curriculum CardBot ships
/// (found through ``ResourceHome``; `cardbot paths` shows where).
struct LevelsFolder: ExpressibleByArgument {
    /// The folder's path.
    var path: String

    init(path: String) {
        self.path = path
    }

    init?(argument: String) {
        path = argument
    }

    /// The shipped curriculum.
    static var curriculum: LevelsFolder { LevelsFolder(path: ResourceHome.current.levels) }

    /// What help and the manual say for the default: never a path of the machine the binary was built on.
    var defaultValueDescription: String { Messages.text("the curriculum; see cardbot paths") }
}
