extension JPEGCodec {
    /// Which of libjpeg's inverse DCTs turns a block's coefficients back into pixels.
    ///
    /// Grayscale decoding, the camera frames' hot path, uses `.fast`: on 1280x720 camera frames it takes 5 to 7%
    /// less time than `.accurate` (`Benchmarks/run_decode_bench.sh`, which times both beside a plain C loop), and
    /// about half the pixels come out one gray level from the accurate transform's, far below a camera's own noise.
    /// RGB decoding, which feeds the photos and crops people look at, stays `.accurate`.
    public enum InverseDCT: Sendable, Equatable {
        /// libjpeg's accurate integer transform (`JDCT_ISLOW`), its default, and what `djpeg` and OpenCV use.
        case accurate
        /// libjpeg's fast integer transform (`JDCT_IFAST`), less exact at qualities above about 95.
        case fast
    }
}
