"""``pip install ./clients/python`` into a throwaway virtual environment: the tree is left as it was, the package
(with py.typed) is installed, and pytest finds the fixtures through the pytest11 entry point, without ``-p``.

The environment is made with ``python3 -m venv --without-pip --system-site-packages`` (pytest comes from the
interpreter running the tests) and filled by this interpreter's pip (``pip --python``). When flit_core, the build
backend, is importable here (scripts/ensure-deps --tests installs it), the build runs without pip's isolated build
environment, which would fetch flit_core from the package index on every run.
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent
REPO = HERE.parents[2]
BINARY = os.environ.get("CONTAINERD_BINARY") or str((HERE / "../../../.build/debug/containerd").resolve())

TINY_TEST = textwrap.dedent(
    '''
    import os

    import containerd_client
    from containerd_client import trace


    def test_the_fixture(containerd):
        containerd.window.create(id="win")
        containerd.controller.create(id="parent")
        containerd.window.set_root(window="win", controller="parent")
        assert trace(containerd.last_events)[0] == "parent.loadView R1"


    def test_the_binary_fixture(containerd_binary):
        assert containerd_binary == os.environ["CONTAINERD_BINARY"]


    def test_the_installed_copy():
        assert containerd_client.__file__.startswith(os.environ["VENV"]), containerd_client.__file__
    '''
)


def tree_state() -> Tuple[Dict[str, Tuple[int, int]], Optional[str]]:
    """Every file under clients/python (ignored ones too) with its size and time, and git's view of it."""
    files: Dict[str, Tuple[int, int]] = {}
    for directory, _, names in os.walk(PACKAGE_ROOT):
        for name in names:
            path = Path(directory) / name
            info = path.lstat()
            files[str(path.relative_to(PACKAGE_ROOT))] = (info.st_size, info.st_mtime_ns)
    try:
        status: Optional[str] = subprocess.run(
            ["git", "status", "--porcelain", "--ignored", "--untracked-files=all", "--", "clients/python"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        status = None
    return files, status


class InstallTests(unittest.TestCase):
    venv: Path
    install_seconds: float

    @classmethod
    def setUpClass(cls) -> None:
        cls.directory = tempfile.TemporaryDirectory(prefix="containerd-client-venv-")
        cls.venv = Path(cls.directory.name) / "venv"
        cls.before = tree_state()
        began = time.monotonic()
        subprocess.run(
            [sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(cls.venv)], check=True
        )
        command = [sys.executable, "-m", "pip", "--python", str(cls.python()), "install", "--quiet", "--no-input"]
        command += ["--disable-pip-version-check", "--no-deps"]
        if importlib.util.find_spec("flit_core") is not None:
            command.append("--no-build-isolation")
        cls.install = subprocess.run(command + ["./clients/python"], cwd=REPO, capture_output=True, text=True)
        cls.install_seconds = time.monotonic() - began
        cls.after = tree_state()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.directory.cleanup()

    @classmethod
    def python(cls) -> Path:
        return cls.venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")

    def setUp(self) -> None:
        self.assertEqual(self.install.returncode, 0, self.install.stdout + self.install.stderr)

    def pytest(self, *options: str) -> "subprocess.CompletedProcess[str]":
        test_file = Path(self.directory.name) / "test_tiny.py"
        test_file.write_text(TINY_TEST)
        environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTEST_ADDOPTS", "PYTEST_PLUGINS")}
        environment.update(CONTAINERD_BINARY=os.path.abspath(BINARY), VENV=str(self.venv))
        command: List[str] = [str(self.python()), "-m", "pytest", "-q", "-p", "no:cacheprovider", *options, test_file.name]
        return subprocess.run(command, cwd=self.directory.name, env=environment, capture_output=True, text=True, timeout=120)

    def test_the_tree_is_unchanged(self) -> None:
        self.assertEqual(self.after[1], self.before[1], "git status of clients/python changed")
        self.assertEqual(sorted(set(self.after[0]) ^ set(self.before[0])), [], "files appeared or vanished")
        self.assertEqual(self.after[0], self.before[0])
        print(f"\n  venv + pip install: {self.install_seconds:.1f} s", file=sys.stderr)

    def test_installed_with_py_typed(self) -> None:
        done = subprocess.run(
            [str(self.python()), "-c", "import containerd_client, pathlib; print(containerd_client.__file__)"],
            cwd=self.directory.name,
            capture_output=True,
            text=True,
            check=True,
        )
        installed = Path(done.stdout.strip()).parent
        self.assertTrue(str(installed).startswith(str(self.venv)), installed)
        self.assertTrue((installed / "py.typed").is_file())
        self.assertTrue((installed / "wire_types.py").is_file())

    def test_fixtures_without_p(self) -> None:
        done = self.pytest()
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("3 passed", done.stdout)

    def test_p_still_works(self) -> None:
        done = self.pytest("-p", "containerd_client.pytest_plugin")  # loaded twice would be an error
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("3 passed", done.stdout)

    def test_the_entry_point_is_what_loads_them(self) -> None:
        done = self.pytest("-p", "no:containerd_client.pytest_plugin")
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("fixture 'containerd' not found", done.stdout)


if __name__ == "__main__":
    unittest.main()
