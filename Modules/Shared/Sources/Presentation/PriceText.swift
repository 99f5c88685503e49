/// Formats prices the same way on every screen.
public enum PriceText {
    /// A price in cents as dollars, such as `"$12.50"` for `1250`.
    /// - Parameter cents: The price in cents; negative amounts keep their sign.
    /// - Returns: The formatted price.
    public static func dollars(_ cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(sign)$\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
