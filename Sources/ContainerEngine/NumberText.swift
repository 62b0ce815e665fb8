extension Double {
  /// A short text for traces and messages: a whole number below 10^16 in magnitude without a fraction (`4156`,
  /// `1000000000000000`), others as Swift prints them (`0.5`, `1e+16`). The bound is where Python's `repr` turns to
  /// exponents too, so the Python client's `describe` (clients/python/containerd_client/events.py) writes the same.
  public var compactDescription: String {
    rounded(.towardZero) == self && abs(self) < 1e16 ? String(Int64(self)) : String(self)
  }
}
