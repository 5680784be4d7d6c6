import CFFmpeg

/// libswscale's `sws_scale` of a whole decoded frame into one packed plane, as the extractors call it.
enum FrameScaler {
    /// Converts `frame` (`height` rows) with `scaler` into the plane at `output`, `stride` bytes a row; false when
    /// libswscale converted fewer rows.
    static func scale(
        _ scaler: OpaquePointer, _ frame: UnsafeMutablePointer<AVFrame>, height: Int,
        into output: UnsafeMutablePointer<UInt8>?, stride: Int
    ) -> Bool {
        var planes: [UnsafeMutablePointer<UInt8>?] = [output, nil, nil, nil]
        var strides: [Int32] = [Int32(stride), 0, 0, 0]
        let done = withUnsafePointer(to: &frame.pointee.data) { sourcePlanes in
            withUnsafePointer(to: &frame.pointee.linesize) { sourceStrides in
                sourcePlanes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planePointer in
                    sourceStrides.withMemoryRebound(to: Int32.self, capacity: 8) { stridePointer in
                        sws_scale(scaler, planePointer, stridePointer, 0, Int32(height), &planes, &strides)
                    }
                }
            }
        }
        return done == Int32(height)
    }
}
