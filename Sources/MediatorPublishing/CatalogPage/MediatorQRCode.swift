/// A QR code (ISO/IEC 18004, model 2) for a text, encoded as UTF-8 bytes: the matrix the catalog
/// page draws beside each example link, so a tester opens the link on a phone by scanning it.
///
/// The encoder is the package's own (the root package takes no dependency): byte mode, versions
/// 1 to 40, the four error-correction levels, the smallest version the text fits in, and the mask
/// with the lowest penalty. CI decodes what it draws with a real decoder (zbar).
///
/// ```swift
/// let code = try MediatorQRCode("shop://product/42", errorCorrection: .medium)
/// print(code.size)         // 25: version 2, 25 × 25 modules
/// print(code.svg().prefix(4))  // <svg
/// ```
public struct MediatorQRCode: Sendable, Equatable {
    /// How much of the code may be damaged and still decode; more costs a larger code.
    public enum ErrorCorrection: String, Sendable, CaseIterable, Codable {
        /// About 7 % of the codewords may be wrong.
        case low
        /// About 15 %.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high
    }

    /// A text too long for the largest QR code at the level asked for.
    public struct TooLong: Error, Sendable, Equatable, CustomStringConvertible {
        /// The text's length in UTF-8 bytes.
        public var bytes: Int
        /// The most bytes a version 40 code holds at that level.
        public var capacity: Int
        /// One line naming both.
        public var description: String {
            "the text is \(bytes) UTF-8 bytes; a QR code holds at most \(capacity) at this error-correction level"
        }
    }

    /// The version, 1 to 40; the code is `17 + 4 × version` modules wide.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: ErrorCorrection
    /// The mask pattern applied, 0 to 7.
    public let mask: Int
    /// The side length in modules, quiet zone not included.
    public var size: Int { version * 4 + 17 }
    /// The modules, row by row: `true` for dark.
    private let modules: [Bool]

    /// Encodes a text.
    /// - Parameters:
    ///   - text: The text, encoded as UTF-8 in byte mode.
    ///   - errorCorrection: The error-correction level; `.medium` unless said.
    /// - Throws: ``TooLong`` when the text does not fit in a version 40 code at that level.
    public init(_ text: String, errorCorrection: ErrorCorrection = .medium) throws(TooLong) {
        let bytes = Array(text.utf8)
        let level = errorCorrection.tableIndex
        guard let version = (1...40).first(where: { Self.fits(bytes.count, version: $0, level: level) }) else {
            throw TooLong(bytes: bytes.count, capacity: Self.byteCapacity(version: 40, level: level))
        }
        var matrix = Matrix(version: version)
        matrix.drawFunctionPatterns()
        let codewords = Self.codewords(bytes, version: version, level: level)
        matrix.drawCodewords(codewords)
        var best = (mask: 0, penalty: Int.max, matrix: matrix)
        for mask in 0..<8 {
            var candidate = matrix
            candidate.apply(mask: mask)
            candidate.drawFormatBits(level: errorCorrection.formatBits, mask: mask)
            let penalty = candidate.penalty()
            if penalty < best.penalty { best = (mask, penalty, candidate) }
        }
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = best.mask
        self.modules = best.matrix.dark
    }

    /// Whether the module at column `x`, row `y` is dark; `false` outside the code.
    /// - Parameters:
    ///   - x: The column, from the left.
    ///   - y: The row, from the top.
    /// - Returns: `true` for a dark module.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The code as an SVG element: one path of dark squares on a light background, with the quiet
    /// zone of four modules a decoder needs, drawn with crisp edges.
    /// - Parameters:
    ///   - moduleSize: The side of one module in CSS pixels.
    ///   - label: The accessible name (`aria-label`), usually the text encoded; escaped for HTML.
    /// - Returns: The `<svg>` element, with no external reference.
    public func svg(moduleSize: Int = 4, label: String = "") -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + 4) \(y + 4)h\(run)v1h-\(run)z"
                x += run
            }
        }
        let pixels = side * max(1, moduleSize)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(HTMLText.attribute(label))\" "
            + "width=\"\(pixels)\" height=\"\(pixels)\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }
}

extension MediatorQRCode.ErrorCorrection {
    /// The row of the block tables.
    fileprivate var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two bits the format information carries.
    fileprivate var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }
}

extension MediatorQRCode {
    /// Error-correction codewords per block, by level then version (index 0 unused), as the
    /// standard's table 9 lists them; kept in its rows rather than one number a line.
    // swift-format-ignore
    private static let eccPerBlock: [[Int]] = [
        [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30,
         30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28,
         28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30,
         30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30,
         30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error-correction blocks, by level then version (index 0 unused), from the same table.
    // swift-format-ignore
    private static let blockCount: [[Int]] = [
        [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18,
         19, 19, 20, 21, 22, 24, 25],
        [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31,
         33, 35, 37, 38, 40, 43, 45, 47, 49],
        [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40,
         43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48,
         51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// The modules that carry data and error correction (all but the function patterns).
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// The data codewords a version holds at a level.
    private static func dataCodewords(version: Int, level: Int) -> Int {
        rawDataModules(version: version) / 8 - eccPerBlock[level][version] * blockCount[level][version]
    }

    /// The bits of a byte-mode character count.
    private static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The most bytes one byte-mode segment holds in a version at a level.
    private static func byteCapacity(version: Int, level: Int) -> Int {
        (dataCodewords(version: version, level: level) * 8 - 4 - countBits(version: version)) / 8
    }

    private static func fits(_ count: Int, version: Int, level: Int) -> Bool {
        count <= byteCapacity(version: version, level: level) && count < (1 << countBits(version: version))
    }

    /// The final codeword sequence: mode, count, bytes, terminator and padding, split into blocks,
    /// each followed by its Reed–Solomon codewords, interleaved.
    private static func codewords(_ bytes: [UInt8], version: Int, level: Int) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = dataCodewords(version: version, level: level) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count * 8 < capacity {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }

        let blocks = blockCount[level][version]
        let eccLength = eccPerBlock[level][version]
        let raw = rawDataModules(version: version) / 8
        let shortBlocks = blocks - raw % blocks
        let shortLength = raw / blocks
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var split: [[UInt8]] = []
        var offset = 0
        for index in 0..<blocks {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<offset + length])
            offset += length
            let ecc = ReedSolomon.remainder(block, divisor: divisor)
            if index < shortBlocks { block.append(0) }
            split.append(block + ecc)
        }
        var result: [UInt8] = []
        result.reserveCapacity(raw)
        for column in 0..<split[0].count {
            for (index, block) in split.enumerated() where column != shortLength - eccLength || index >= shortBlocks {
                result.append(block[column])
            }
        }
        return result
    }

    /// Bits appended most significant first.
    private struct BitBuffer {
        var bits: [Bool] = []
        var count: Int { bits.count }
        mutating func append(_ value: Int, count: Int) {
            guard count > 0 else { return }
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        var bytes: [UInt8] {
            stride(from: 0, to: bits.count, by: 8).map { start in
                var byte: UInt8 = 0
                for bit in bits[start..<min(start + 8, bits.count)] { byte = byte << 1 | (bit ? 1 : 0) }
                return byte
            }
        }
    }

    /// Reed–Solomon over GF(2⁸) with the QR polynomial 0x11D.
    private enum ReedSolomon {
        static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
            var z = 0
            for shift in stride(from: 7, through: 0, by: -1) {
                z = (z << 1) ^ ((z >> 7) * 0x11D)
                z ^= ((Int(y) >> shift) & 1) * Int(x)
            }
            return UInt8(truncatingIfNeeded: z)
        }

        static func divisor(degree: Int) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: degree)
            result[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for index in 0..<degree {
                    result[index] = multiply(result[index], root)
                    if index + 1 < degree { result[index] ^= result[index + 1] }
                }
                root = multiply(root, 2)
            }
            return result
        }

        static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: divisor.count)
            for byte in data {
                let factor = byte ^ result.removeFirst()
                result.append(0)
                for index in divisor.indices { result[index] ^= multiply(divisor[index], factor) }
            }
            return result
        }
    }
}
