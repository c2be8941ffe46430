"""Where many seeded games are played: on this machine's processes, or as tasks of a Ray cluster.

A backend maps a picklable task function over work items (chunks of consecutive seeds) and yields
``(index, result)`` pairs as the tasks finish, so that a caller can show progress.  Every game
depends only on its seed, and callers put the results back in item (seed) order before they add
anything up (:func:`in_order`, :func:`by_index`), so every backend, and any number of workers,
gives the same figures for the same seeds.

- :class:`LocalBackend`: worker processes (``--jobs``, default the CPU count; 1 plays in this
  process).
- :class:`RayBackend`: Ray tasks.  ``ray.init(address=...)`` joins the cluster named by
  ``--ray-address`` or ``RAY_ADDRESS``, else starts a local one.  Ray is an optional extra
  (``pip install -e ".[scale]"``) imported only here, only when asked for.

The tasks of a remote backend may run on machines that can't read this one's files, so the
compiled pool goes to them as a :class:`PackedFolder` (a compressed archive, sent once per run)
and is unpacked once per machine (:func:`local_folder`).
"""
from __future__ import annotations

import gzip
import hashlib
import importlib
import io
import os
import tarfile
import tempfile
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
INSTALL_RAY = "install cardsmith[scale] (pip install -e \".[scale]\")"


class BackendError(Exception):
    """A backend that can't be used (Ray not installed, a cluster that can't be joined): one line."""


class Backend(Protocol):
    """Plays tasks somewhere; see the module's docstring."""

    name: str
    remote: bool  # tasks may run where this machine's files can't be read

    @property
    def workers(self) -> int:
        """How many tasks run at once (to size the chunks: a few per worker)."""
        ...

    def run(self, task: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        """``task(items[i])`` for every ``i``, yielded as ``(i, result)`` as each finishes."""
        ...

    def close(self) -> None:
        """Let go of what the backend started (worker processes, a local cluster)."""
        ...


class LocalBackend:
    """Worker processes on this machine (``jobs`` of them; 1: in this process, in item order)."""

    name = "local"
    remote = False

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = max(1, jobs if jobs is not None else os.cpu_count() or 1)

    @property
    def workers(self) -> int:
        """The worker processes."""
        return self.jobs

    def run(self, task: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        """The tasks on ``jobs`` processes, yielded as they finish."""
        if self.jobs <= 1 or len(items) <= 1:
            for i, item in enumerate(items):
                yield i, task(item)
            return
        with ProcessPoolExecutor(max_workers=min(self.jobs, len(items))) as ex:
            futures: dict[Future[R], int] = {ex.submit(task, item): i for i, item in enumerate(items)}
            for f in as_completed(futures):
                yield futures[f], f.result()

    def close(self) -> None:
        """Nothing outlives :meth:`run`."""


def _apply(task: Callable[[T], R], item: T) -> R:
    """What a Ray task runs (Ray hands over ``task`` itself, stored once in the object store)."""
    return task(item)


class RayBackend:
    """Ray tasks, on the cluster at ``address`` (else ``RAY_ADDRESS``, else a local cluster that
    this backend starts and stops)."""

    name = "ray"
    remote = True

    def __init__(self, address: str | None = None) -> None:
        try:
            ray: Any = importlib.import_module("ray")
        except ImportError:
            raise BackendError(f"the ray backend needs Ray, which is not installed: {INSTALL_RAY}") from None
        self._ray = ray
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self._started = False
        if not ray.is_initialized():
            try:
                ray.init(address=self.address, logging_level="WARNING", log_to_driver=False)
            except Exception as e:  # noqa: BLE001 - Ray raises many kinds; each is one line here
                where = f"at {self.address}" if self.address else "on this machine"
                raise BackendError(f"can't join or start a Ray cluster {where}: {' '.join(str(e).split())}") from None
            self._started = True
        self._remote: Any = ray.remote(_apply)

    @property
    def workers(self) -> int:
        """The cluster's CPUs."""
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def run(self, task: Callable[[T], R], items: Sequence[T]) -> Iterator[tuple[int, R]]:
        """One Ray task per item, yielded as they finish (``task`` is sent to the cluster once)."""
        ray = self._ray
        shared = ray.put(task)
        pending: dict[Any, int] = {self._remote.remote(shared, item): i for i, item in enumerate(items)}
        waiting = list(pending)
        while waiting:
            # Whatever has finished within a second (at least one): one call per batch, not per task.
            done, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=1.0)
            if not done:
                done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)

    def close(self) -> None:
        """Disconnect; a local cluster this backend started stops with it."""
        if self._started:
            self._ray.shutdown()
            self._started = False


def make_backend(name: str, jobs: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (one of :data:`BACKENDS`)."""
    if name == "local":
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(address)
    raise BackendError(f"no backend {name!r} (choose from {', '.join(BACKENDS)})")


def in_order(results: Iterable[tuple[int, R]]) -> Iterator[R]:
    """The results in item order, each as soon as every item before it has finished."""
    waiting: dict[int, R] = {}
    following = 0
    for i, r in results:
        waiting[i] = r
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def by_index(results: Iterable[tuple[int, R]]) -> list[R]:
    """All the results, in item order."""
    return [r for _, r in sorted(results, key=lambda pair: pair[0])]


@dataclass(frozen=True)
class PackedFolder:
    """A folder's files as a gzipped tar archive, named by its SHA-256 digest."""

    archive: bytes
    digest: str

    @classmethod
    def pack(cls, folder: str | Path) -> "PackedFolder":
        """Pack ``folder`` (without bytecode caches and hidden entries: the build's cache and lock).  The same files give the
        same archive (names sorted, no times or owners), so a machine unpacks a pool once."""
        def plain(t: tarfile.TarInfo) -> tarfile.TarInfo | None:
            parts = t.name.split("/")[1:]  # (under ".")
            if "__pycache__" in parts or any(p.startswith(".") for p in parts):  # caches, the build's lock
                return None
            t.mtime, t.uid, t.gid, t.uname, t.gname = 0, 0, 0, "", ""
            return t

        buffer = io.BytesIO()
        with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as gz, tarfile.open(fileobj=gz, mode="w") as tar:
            tar.add(str(folder), arcname=".", filter=plain)  # (a folder's entries are added in sorted order)
        data = buffer.getvalue()
        return cls(data, hashlib.sha256(data).hexdigest())


def local_folder(source: str | PackedFolder) -> str:
    """A folder holding ``source``: a path as it is, a packed folder unpacked once per machine
    (into the temporary directory, under its digest; a half-unpacked copy is never seen)."""
    if isinstance(source, str):
        return source
    target = Path(tempfile.gettempdir()) / f"cardsmith-pool-{source.digest[:16]}"
    if not target.is_dir():
        staging = Path(tempfile.mkdtemp(prefix="cardsmith-pool-", dir=target.parent))
        with tarfile.open(fileobj=io.BytesIO(source.archive), mode="r:gz") as tar:
            if hasattr(tarfile, "data_filter"):  # Python 3.11.4+: refuse links and paths out of the folder
                tar.extractall(staging, filter="data")
            else:  # pragma: no cover - (our own archive, packed by PackedFolder.pack)
                tar.extractall(staging)
        try:
            staging.rename(target)
        except OSError:  # another worker of this machine unpacked it first
            import shutil

            shutil.rmtree(staging, ignore_errors=True)
    return str(target)


def pool_source(pool_dir: str, backend: Backend) -> str | PackedFolder:
    """How the tasks of ``backend`` reach the compiled pool: its path, or the pool itself packed."""
    return PackedFolder.pack(pool_dir) if backend.remote else pool_dir
