public import Foundation
public import MediatorCore

extension UUID: MediatorParameterValue {
    /// Accepts a `UUID` or its string form.
    public static func mediatorValue(from raw: any Sendable) -> UUID? {
        switch raw {
        case let value as UUID: value
        case let value as String: UUID(uuidString: value)
        default: nil
        }
    }
}

extension URL: MediatorParameterValue {
    /// Accepts a `URL`, or a non-empty string that has a scheme, such as `"https://example.com"`.
    public static func mediatorValue(from raw: any Sendable) -> URL? {
        switch raw {
        case let value as URL:
            return value
        case let value as String:
            guard let url = URL(string: value), url.scheme != nil else { return nil }
            return url
        default:
            return nil
        }
    }
}

// The text forms URL generation writes for them (the core names no Foundation type).

extension UUID: URLTextConvertible {
    /// The UUID's string form, such as `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`.
    package var urlText: String { uuidString }
}

extension URL: URLTextConvertible {
    /// The URL's full text.
    package var urlText: String { absoluteString }
}
