/// Writes a facade's lists: `all`, every static contract it declares, and `events`, every static
/// event, when it declares any; both in declaration order.
///
/// ```swift
/// @MediatorFacade
/// public enum Products {
///     public static let price = ActionContract<ProductID, Int>("price", on: "Products")
///     public static let reviews = AsyncActionContract<ProductID, [Review]>("reviews", on: "Products")
///     public static let didReprice = MediatorEvent<Int>("didReprice")
/// }
///
/// // Products.all == [price, reviews], Products.events == [didReprice]
/// ```
///
/// A contract is a `static let` whose type annotation or initial value names `ActionContract`,
/// `AsyncActionContract`, `MainActorActionContract` or `MediatorActionContract`; an event one that
/// names `MediatorEvent`. The lists have the enum's access; an enum that declares one of them by
/// hand is reported, with a fix that removes it.
@attached(member, names: named(all), named(events))
public macro MediatorFacade() = #externalMacro(module: "MediatorMacrosPlugin", type: "MediatorFacadeMacro")
