import CardBotSupport

/// The JSON files a folder's own state lives in (a session's `session.json` and `corrections.json`, a class's
/// `class.json`) follow the rule of frames: a symbolic link that leads out of the folder is refused, so that a
/// link cannot give a session another recording's corrections, or a class folder another class's id (and a
/// command that writes the file back never replaces a link with a copy of what it pointed to).
public enum FolderFile {
    /// Refuses `file` (in `folder`) when it is a link that resolves outside `folder`; a name whose links cannot be
    /// resolved passes (reading it then fails with the reason).
    /// - Throws: `SessionError` naming `file`.
    public static func checkInside(_ file: String, folder: String) throws {
        guard FileSystem.isSymbolicLink(file), let resolved = FileSystem.resolved(file) else { return }
        let root = FileSystem.resolved(folder) ?? folder
        guard !resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return }
        throw SessionError(
            file: file,
            said: Messages.later("is a link that leads outside its folder (to %s); copy the file into the folder", .plain(resolved)))
    }
}
