extension MediatorQRCode {
    /// The module grid being drawn: function patterns, then codewords, then mask and format bits.
    struct Matrix: Sendable {
        let size: Int
        let version: Int
        /// Dark modules, row by row.
        var dark: [Bool]
        /// Modules of function patterns, which neither data nor mask touch.
        var isFunction: [Bool]

        init(version: Int) {
            self.version = version
            size = version * 4 + 17
            dark = Array(repeating: false, count: size * size)
            isFunction = dark
        }

        private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
            dark[y * size + x] = isDark
            isFunction[y * size + x] = true
        }

        /// Timing, finder and alignment patterns, reserved format areas and the version blocks.
        mutating func drawFunctionPatterns() {
            for index in 0..<size {
                setFunction(6, index, index % 2 == 0)
                setFunction(index, 6, index % 2 == 0)
            }
            for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                        let distance = max(abs(dx), abs(dy))
                        setFunction(x + dx, y + dy, distance != 2 && distance != 4)
                    }
                }
            }
            let positions = alignmentPositions
            let last = positions.count - 1
            for (i, x) in positions.enumerated() {
                for (j, y) in positions.enumerated() {
                    if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                    for dy in -2...2 {
                        for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                    }
                }
            }
            drawFormatBits(level: 0, mask: 0)
            if version >= 7 {
                var remainder = version
                for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
                let bits = version << 12 | remainder
                for index in 0..<18 {
                    let bit = (bits >> index) & 1 == 1
                    let a = size - 11 + index % 3
                    let b = index / 3
                    setFunction(a, b, bit)
                    setFunction(b, a, bit)
                }
            }
        }

        /// The centres of the alignment patterns along each axis.
        private var alignmentPositions: [Int] {
            guard version > 1 else { return [] }
            let count = version / 7 + 2
            let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
            var result = [6]
            var position = size - 7
            var tail: [Int] = []
            for _ in 1..<count {
                tail.insert(position, at: 0)
                position -= step
            }
            result += tail
            return result
        }

        /// Both copies of the format information (level and mask, BCH-protected) and the dark module.
        mutating func drawFormatBits(level: Int, mask: Int) {
            let data = level << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (data << 10 | remainder) ^ 0x5412
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
            for index in 0...5 { setFunction(8, index, bit(index)) }
            setFunction(8, 7, bit(6))
            setFunction(8, 8, bit(7))
            setFunction(7, 8, bit(8))
            for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
            for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
            for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
            setFunction(8, size - 8, true)
        }

        /// The codewords in the zigzag order, two columns at a time from the right, skipping the
        /// vertical timing column.
        mutating func drawCodewords(_ codewords: [UInt8]) {
            var bitIndex = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for offset in 0..<2 {
                        let x = right - offset
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        guard !isFunction[y * size + x], bitIndex < codewords.count * 8 else { continue }
                        dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 == 1
                        bitIndex += 1
                    }
                }
                right -= 2
            }
        }

        /// Flips the data modules where the mask's condition holds.
        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !isFunction[y * size + x] {
                    let flip: Bool
                    switch mask {
                    case 0: flip = (x + y) % 2 == 0
                    case 1: flip = y % 2 == 0
                    case 2: flip = x % 3 == 0
                    case 3: flip = (x + y) % 3 == 0
                    case 4: flip = (x / 3 + y / 2) % 2 == 0
                    case 5: flip = x * y % 2 + x * y % 3 == 0
                    case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                    default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                    if flip { dark[y * size + x].toggle() }
                }
            }
        }

        /// The standard's penalty, without the finder-like rule: runs of five or more, 2 × 2 blocks,
        /// and the distance from half dark. Any mask decodes; a lower penalty scans more easily.
        func penalty() -> Int {
            var result = 0
            for line in 0..<size {
                var runRow = 1
                var runColumn = 1
                for step in 1..<size {
                    if dark[line * size + step] == dark[line * size + step - 1] {
                        runRow += 1
                    } else {
                        runRow = 1
                    }
                    if runRow == 5 { result += 3 } else if runRow > 5 { result += 1 }
                    if dark[step * size + line] == dark[(step - 1) * size + line] {
                        runColumn += 1
                    } else {
                        runColumn = 1
                    }
                    if runColumn == 5 { result += 3 } else if runColumn > 5 { result += 1 }
                }
            }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 {
                    let value = dark[y * size + x]
                    if value == dark[y * size + x + 1], value == dark[(y + 1) * size + x],
                        value == dark[(y + 1) * size + x + 1]
                    {
                        result += 3
                    }
                }
            }
            let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
            let total = size * size
            result += (abs(darkCount * 20 - total * 10) + total - 1) / total * 10
            return result
        }
    }
}
