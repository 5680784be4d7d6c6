/// The sizes a level file may have; larger input is refused with a clear message.
public enum LevelLimits {
    /// The largest level file read, in bytes (1 MiB).
    public static let maximumFileBytes = 1 << 20
    /// The widest and tallest map, in tiles.
    public static let maximumSide = 64
    /// The most gems a map may hold (the robot's gems are a bit mask).
    public static let maximumGems = 16
    /// The largest `stepLimit` a level may set.
    public static let maximumStepLimit = 100_000
    /// The largest `maxCards` a level may set.
    public static let maximumMaxCards = 100
    /// The longest `name`, `description` or `hint`, in characters.
    public static let maximumTextLength = 1000
    /// The longest program a run accepts, in cards.
    public static let maximumProgramCards = 1000
}
