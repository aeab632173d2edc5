"""The rollout's chunks, run in this process or in worker processes.

A *job* is one chunk: the candidates' starting positions, whether the side
on roll there is the result's side, the trial numbers and the
:class:`~engine.ai.rollgames.Plan`; it gives back a (candidates, trials, 6)
array of outcomes (:func:`engine.ai.rollgames.play_chunk`).

:func:`run_chunks` hands them out: with one worker here, one after the
other; with more, to a :class:`concurrent.futures.ProcessPoolExecutor` of
"spawn" processes (safe on every system, from any thread, and in the frozen
app, whose ``main`` calls :func:`multiprocessing.freeze_support`).  Each
child uses one thread for numpy (:data:`THREAD_VARIABLES` set to ``"1"``
while the children start), ignores Ctrl-C (the parent stops the rollout),
loads the network once and keeps its :class:`~engine.ai.rollplay.Player`
for every chunk it gets.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Callable, Dict, Iterator, List, Optional, Protocol, Sequence, Tuple

import numpy as np

from ..ai.rollgames import Plan, play_chunk
from ..ai.rollplay import Boards, Player
from ..errors import RolloutError

#: one chunk: (starts, result_on_roll, trials, plan)
Job = Tuple[Sequence[Boards], bool, Sequence[int], Plan]
#: what a child's numpy libraries read for their number of threads
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
#: how often (seconds) the parent looks at the stop flag while chunks run
POLL = 0.1

_PLAYERS: List[Player] = []  # a worker process's player, made at its first chunk


class Stop(Protocol):
    def is_set(self) -> bool: ...


def start_worker() -> None:
    """A worker process's start: one thread for numpy, Ctrl-C left to the parent."""
    for name in THREAD_VARIABLES:
        os.environ[name] = "1"
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # pragma: no cover - not the main thread
        pass


def run_job(job: Job) -> np.ndarray:
    """A worker's chunk (see :func:`engine.ai.rollgames.play_chunk`)."""
    if not _PLAYERS:
        _PLAYERS.append(Player())
    return play_chunk(_PLAYERS[0], *job)


@contextmanager
def one_thread_each() -> Iterator[None]:
    """While it lasts, processes started get :data:`THREAD_VARIABLES` = "1";
    this process's environment is restored after."""
    saved = {name: os.environ.get(name) for name in THREAD_VARIABLES}
    os.environ.update({name: "1" for name in THREAD_VARIABLES})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _failed(exc: BaseException) -> RolloutError:
    return RolloutError(f"a rollout worker failed: {type(exc).__name__}: {exc}")


def run_chunks(jobs: Sequence[Job], workers: int, done: Callable[[int, np.ndarray], None], stop: Optional[Stop] = None) -> bool:
    """Run ``jobs``, calling ``done(index, outcomes)`` in this thread as each
    finishes (in any order); True when ``stop`` ended it early (no new chunk
    starts once it is set; those not started are cancelled; one still
    running in a worker finishes there unheeded).  A chunk that fails raises
    :class:`~engine.errors.RolloutError` from its cause."""
    if workers <= 1:
        player = Player()
        for i, job in enumerate(jobs):
            if stop is not None and stop.is_set():
                return True
            try:
                outcomes = play_chunk(player, *job)
            except Exception as exc:
                raise _failed(exc) from exc
            done(i, outcomes)
        return False
    return _in_pool(jobs, workers, done, stop)


def _in_pool(jobs: Sequence[Job], workers: int, done: Callable[[int, np.ndarray], None], stop: Optional[Stop]) -> bool:
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=start_worker)
    pending: Dict["Future[np.ndarray]", int] = {}
    following = iter(range(len(jobs)))
    finished = False
    try:
        with one_thread_each():  # the children start as the first chunks go out
            _top_up(executor, jobs, following, pending, workers)
        while pending:
            ready, _ = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in sorted(ready, key=lambda f: pending[f]):
                i = pending.pop(future)
                exc = future.exception()
                if exc is not None:
                    raise _failed(exc) from exc
                done(i, future.result())
            if stop is not None and stop.is_set():
                return bool(pending) or next(following, None) is not None
            _top_up(executor, jobs, following, pending, workers)
        finished = True
        return False
    finally:
        # at the end the workers are gone at once; stopped or failed, what has not started is cancelled
        executor.shutdown(wait=finished, cancel_futures=True)


def _top_up(executor: ProcessPoolExecutor, jobs: Sequence[Job], following: Iterator[int], pending: Dict["Future[np.ndarray]", int], workers: int) -> None:
    """Hand out the next chunks until each worker has one (no more: a chunk
    handed out can no longer be cancelled, and stop should be quick)."""
    while len(pending) < workers:
        i = next(following, None)
        if i is None:
            return
        pending[executor.submit(run_job, jobs[i])] = i
