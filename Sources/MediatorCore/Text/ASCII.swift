/// The ASCII bytes the URL and pattern code compares against.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let percent: UInt8 = 0x25
    static let ampersand: UInt8 = 0x26
    static let leftParenthesis: UInt8 = 0x28
    static let rightParenthesis: UInt8 = 0x29
    static let asterisk: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let upperA: UInt8 = 0x41
    static let upperF: UInt8 = 0x46
    static let upperZ: UInt8 = 0x5A
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let caret: UInt8 = 0x5E
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let lowerA: UInt8 = 0x61
    static let lowerF: UInt8 = 0x66
    static let lowerZ: UInt8 = 0x7A
    static let leftBrace: UInt8 = 0x7B
    static let pipe: UInt8 = 0x7C
    static let rightBrace: UInt8 = 0x7D
    static let tilde: UInt8 = 0x7E
    static let delete: UInt8 = 0x7F

    /// ASCII-lowercases, allocating only when there is something to lower.
    static func lowercased(_ text: String) -> String {
        text.utf8.contains(where: { (upperA...upperZ).contains($0) }) ? text.lowercased() : text
    }

    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...nine: byte - zero
        case lowerA...lowerF: byte - lowerA + 10
        case upperA...upperF: byte - upperA + 10
        default: nil
        }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (ASCII.lowerA...ASCII.lowerZ).contains(self) || (ASCII.upperA...ASCII.upperZ).contains(self) }
    var isASCIIDigit: Bool { (ASCII.zero...ASCII.nine).contains(self) }
    /// Letters, digits and `_`: what placeholder names are made of.
    var isNameCharacter: Bool { isASCIILetter || isASCIIDigit || self == ASCII.underscore }
}
