import ContainerRPCTestSupport
import Testing

/// Placeholder replaced below.
@Suite struct BinaryPlaceholder {}
