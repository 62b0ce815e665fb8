"""pytest fixtures for containerd (importing this module never requires pytest).

Once the package is installed (``pip install clients/python``) pytest loads them by itself, through the ``pytest11``
entry point named ``containerd_client.pytest_plugin``: no ``-p`` is needed (``-p no:containerd_client.pytest_plugin``
turns them off). Without installing, load them with::

    pytest -p containerd_client.pytest_plugin tests/

or, in a ``conftest.py``: ``pytest_plugins = ["containerd_client.pytest_plugin"]``. Either also works when the package
is installed: the entry point has the module's name, so pytest does not load it twice.

Fixtures:

- ``containerd``: a fresh :class:`~containerd_client.Client` (a new daemon) per test, shut down afterwards; the test
  fails if the daemon did not exit 0.
- ``containerd_factory``: ``containerd_factory(**client_options)`` makes more clients (e.g. ``framing="headers"``),
  all closed after the test.
- ``containerd_binary``: the binary path: ``--containerd-binary PATH``, else :func:`~containerd_client.find_binary`
  (``$CONTAINERD_BINARY``, the repository's build, then PATH; each must prove it is this daemon).
"""

from typing import Any, Callable, Iterator, List

from .client import Client, find_binary

try:
    import pytest
except ImportError:  # pragma: no cover - pytest is optional
    pytest = None  # type: ignore[assignment]

__all__: List[str] = []

if pytest is not None:
    __all__ = ["containerd", "containerd_factory", "containerd_binary", "pytest_addoption"]

    def pytest_addoption(parser: Any) -> None:
        group = parser.getgroup("containerd")
        group.addoption(
            "--containerd-binary",
            action="store",
            default=None,
            help="containerd binary for the containerd fixtures (default: $CONTAINERD_BINARY, the repo's build, PATH)",
        )

    @pytest.fixture(scope="session")
    def containerd_binary(request: Any) -> str:
        return find_binary(request.config.getoption("--containerd-binary"))

    @pytest.fixture
    def containerd_factory(containerd_binary: str) -> Iterator[Callable[..., Client]]:
        clients: List[Client] = []

        def make(**options: Any) -> Client:
            if "streams" not in options:
                options.setdefault("binary", containerd_binary)
            client = Client(**options)
            clients.append(client)
            return client

        yield make
        failures = []
        for client in clients:
            status = client.close()
            if client.process is not None and status != 0:
                failures.append(f"{client!r} exited with status {status}")
        if failures:
            pytest.fail("; ".join(failures))

    @pytest.fixture
    def containerd(containerd_factory: Callable[..., Client]) -> Client:
        return containerd_factory()
