import Foundation

/// How Android decides that an App Links `<intent-filter>` claims a URL, ported from AOSP so the
/// generated filters can be checked against the platform's own rules rather than our reading of them.
///
/// - `android.os.PatternMatcher`: `PATTERN_LITERAL` (`android:path`), `PATTERN_PREFIX`
///   (`android:pathPrefix`) and `PATTERN_SIMPLE_GLOB` (`android:pathPattern`), whose `matchGlobPattern`
///   is ported statement by statement over UTF-16 code units, as Java's `charAt` reads them: `.` any
///   character, `X*` zero or more of `X` (greedy, no backtracking), `.*` up to the first occurrence of
///   the pattern's next character, `\` escaping the next character. The port keeps AOSP's quirks: an
///   escaped `.` still matches any character when no `*` follows it, and a pattern ending in `X*` does
///   not match a string that ends before it.
/// - `IntentFilter.matchData`: the URL's scheme must be one of the filter's (case-sensitively); then,
///   if the filter has hosts, one must match (`compareToIgnoreCase`, any port when the filter names
///   none), and if it also has paths, one must match `Uri.getPath()`, the decoded path. A filter with
///   no host ignores its paths, and one with no path claims every path of its hosts.
/// - aapt reads attribute values with `\` as an escape character before the pattern is parsed, which
///   is why the platform documentation asks for `\\*` to mean a literal `*`.
enum AndroidIntentMatching {
    enum PatternType {
        case literal, prefix, simpleGlob
    }

    struct Filter {
        var schemes: [String] = []
        var hosts: [String] = []
        var paths: [(pattern: String, type: PatternType)] = []
    }

    /// `PatternMatcher.matchPattern` for the three types a manifest can declare before API 31.
    static func matchPattern(_ match: String, _ pattern: String, _ type: PatternType) -> Bool {
        switch type {
        case .literal: Array(pattern.utf16) == Array(match.utf16)
        case .prefix: match.utf16.starts(with: pattern.utf16)
        case .simpleGlob: matchGlobPattern(Array(pattern.utf16), Array(match.utf16))
        }
    }

    /// `PatternMatcher.matchGlobPattern`, AOSP frameworks/base core/java/android/os/PatternMatcher.java.
    static func matchGlobPattern(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let dot = UInt16(UInt8(ascii: ".")), star = UInt16(UInt8(ascii: "*")), backslash = UInt16(UInt8(ascii: "\\"))
        let np = pattern.count
        if np <= 0 { return match.count <= 0 }
        let nm = match.count
        var ip = 0
        var im = 0
        var nextChar = pattern[0]
        while ip < np && im < nm {
            var c = nextChar
            ip += 1
            nextChar = ip < np ? pattern[ip] : 0
            let escaped = c == backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = ip < np ? pattern[ip] : 0
            }
            if nextChar == star {
                if !escaped && c == dot {
                    if ip >= np - 1 {
                        // At the end with a pattern match, so all is good without checking.
                        return true
                    }
                    ip += 1
                    nextChar = pattern[ip]
                    // Consume everything until the next character in the pattern is found.
                    if nextChar == backslash {
                        ip += 1
                        nextChar = ip < np ? pattern[ip] : 0
                    }
                    repeat {
                        if match[im] == nextChar { break }
                        im += 1
                    } while im < nm
                    if im == nm {
                        // The next character in the pattern did not exist in the match.
                        return false
                    }
                    ip += 1
                    nextChar = ip < np ? pattern[ip] : 0
                    im += 1
                } else {
                    // Consume only characters matching the one before '*'.
                    repeat {
                        if match[im] != c { break }
                        im += 1
                    } while im < nm
                    ip += 1
                    nextChar = ip < np ? pattern[ip] : 0
                }
            } else {
                if c != dot && match[im] != c { return false }
                im += 1
            }
        }
        if ip >= np && im >= nm {
            // Reached the end of both strings.
            return true
        }
        // The match string is finished, but a ".*" may be left at the end of the pattern.
        if ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star { return true }
        return false
    }

    /// `IntentFilter.matchData` for a `VIEW` intent carrying `url` (no MIME type, no scheme-specific parts).
    static func claims(_ filter: Filter, url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme else { return false }
        guard filter.schemes.contains(scheme) else { return false }
        guard !filter.hosts.isEmpty else { return true }
        guard let host = components.host, filter.hosts.contains(where: { $0.lowercased() == host.lowercased() }) else {
            return false
        }
        guard !filter.paths.isEmpty else { return true }
        let path = components.path
        return filter.paths.contains { matchPattern(path, $0.pattern, $0.type) }
    }

    /// Whether any of the filters claims the URL.
    static func claims(_ filters: [Filter], url: String) -> Bool {
        filters.contains { claims($0, url: url) }
    }

    /// The `<intent-filter>` elements of a manifest fragment, their `<data>` attributes read as the
    /// XML parser and then aapt read them.
    static func filters(inXML xml: String) -> [Filter] {
        var filters: [Filter] = []
        for block in xml.components(separatedBy: "<intent-filter").dropFirst() {
            var filter = Filter()
            let body = block.components(separatedBy: "</intent-filter>")[0]
            for element in body.components(separatedBy: "<data").dropFirst() {
                for (name, raw) in attributes(element) {
                    let value = aaptUnescaped(xmlUnescaped(raw))
                    switch name {
                    case "android:scheme": filter.schemes.append(value)
                    case "android:host": filter.hosts.append(value)
                    case "android:path": filter.paths.append((value, .literal))
                    case "android:pathPrefix": filter.paths.append((value, .prefix))
                    case "android:pathPattern": filter.paths.append((value, .simpleGlob))
                    default: break
                    }
                }
            }
            filters.append(filter)
        }
        return filters
    }

    /// `name="value"` pairs up to the end of the element, read by Unicode scalar as an XML parser
    /// reads them (a combining mark after `;` or `"` must not hide it, as it would from `Character`s).
    private static func attributes(_ element: String) -> [(String, String)] {
        let scalars = Array(element.unicodeScalars)
        var pairs: [(String, String)] = []
        var name = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/" && index + 1 < scalars.count && scalars[index + 1] == ">" { break }
            if scalar == "=" && index + 1 < scalars.count && scalars[index + 1] == "\"" {
                var end = index + 2
                while end < scalars.count && scalars[end] != "\"" { end += 1 }
                pairs.append((String(name), String(String.UnicodeScalarView(scalars[(index + 2)..<min(end, scalars.count)]))))
                name = String.UnicodeScalarView()
                index = end + 1
                continue
            }
            if scalar == " " || scalar == "\n" { name = String.UnicodeScalarView() } else { name.append(scalar) }
            index += 1
        }
        return pairs
    }

    /// The five predefined entities and the character references the generator writes, by scalar.
    private static func xmlUnescaped(_ text: String) -> String {
        let references: [String: Unicode.Scalar] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "#x9": "\t", "#xA": "\n", "#xD": "\r",
        ]
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let semicolon = scalars[index...].firstIndex(of: ";"),
                let replacement = references[String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))]
            {
                result.append(replacement)
                index = semicolon + 1
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// aapt's reading of `\`: `\n`, `\t` and `\uXXXX` are characters, any other escaped character is itself.
    private static func aaptUnescaped(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "t": result += "\t"
            case "u":
                let hex = String(String.UnicodeScalarView((0..<4).compactMap { _ in scalars.next() }))
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                    result.unicodeScalars.append(decoded)
                }
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }
}
