// OrdersTest's tests again in a class of their own, which runs in parallel with OrdersTest on a
// fork of its own (MinnowIsolation names the namespace after the test class).
class MoreOrdersTest extends OrdersTest {}
