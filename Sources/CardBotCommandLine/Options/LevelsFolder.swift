import ArgumentParser
import CardBotSupport

/// A folder of level files given on the command line (`--levels DIR`), by default the curriculum CardBot ships
/// (found through ``ResourceHome``; `cardbot paths` shows where).
package struct LevelsFolder: ExpressibleByArgument {
    /// The folder's path.
    package var path: String

    package init(path: String) {
        self.path = path
    }

    package init?(argument: String) {
        path = argument
    }

    /// The shipped curriculum.
    package static var curriculum: LevelsFolder { LevelsFolder(path: ResourceHome.current.levels) }

    /// What help and the manual say for the default: never a path of the machine the binary was built on.
    package var defaultValueDescription: String { Messages.text("the curriculum; see cardbot paths") }
}
