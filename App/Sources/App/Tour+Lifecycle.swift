import Mediator

extension Tour {
    /// The tour's app-lifecycle part: the App broadcasts app events, and every running module that
    /// subscribes hears them, without the App knowing which modules do.
    static func lifecycle(_ opener: Opener) async {
        Console.print("# the app enters the background: running modules that subscribe save (Cart saves its lines)")
        await Lifecycle.simulate("background", in: opener.app)
        Console.print()
        Console.print("# log out by link: the Session broadcasts userDidLogOut; Products forgets what was viewed, Cart empties")
        await opener.open("shop://logout", failures: .narrated)
        Console.print()
    }
}
