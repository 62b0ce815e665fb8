#!/usr/bin/env python3
"""Reference solutions from kiwisolver for LayoutSolverTests' differential test.

Reads one constraint system per line of stdin (JSON):
    {"variables": N, "constraints": [{"terms": [[index, coefficient], ...], "constant": c,
                                      "relation": "==" | "<=" | ">=", "priority": p, "weight": w}, ...]}
meaning  sum(coefficient * x[index]) + constant  relation  0,  and prints one JSON line per system:
    {"values": [x0, x1, ...]}   or   {"error": "..."}

Priorities follow UIKit: 1000 is required; the distinct non-required priorities of a system, from the highest down,
become kiwisolver strengths 1e5, 1e2, 1e-1, 1e-4, ... (times the constraint's weight), so each level outweighs the next
by 10^3 (kiwisolver's strengths are plain numbers). The top strength stays at 1e5 because kiwisolver tests objective
coefficients against exactly 0: with larger strengths, rounding noise above its 1e-8 tolerance can make it enter a
symbol with a spurious negative cost and abort with "The objective is unbounded".

kiwisolver also orders its symbols by memory address, so its pivots (and that rare abort, which terminates the
process) vary with the heap layout. Each system is therefore solved in a forked child; if the child dies, the
system is retried with its constraints in other (seeded, shuffled) orders. The systems given have unique optima, so
the order does not change the answer.

kiwisolver comes from Debian's python3-kiwisolver (scripts/ensure-deps installs it). When the `python3` first on
PATH (e.g. a pyenv one) lacks it, the script re-runs itself with /usr/bin/python3.
"""

import json
import os
import random
import sys

try:
    import kiwisolver
except ImportError:
    system_python = "/usr/bin/python3"
    if os.path.realpath(sys.executable) != os.path.realpath(system_python) and os.path.exists(system_python):
        os.execv(system_python, [system_python] + sys.argv)
    sys.stderr.write("kiwi_reference.py: kiwisolver is not installed (run scripts/ensure-deps)\n")
    sys.exit(3)


def solve(system, attempt):
    variables = [kiwisolver.Variable("x%d" % i) for i in range(system["variables"])]
    levels = sorted({c["priority"] for c in system["constraints"] if c["priority"] < 1000}, reverse=True)
    strengths = {priority: 1e5 / (1e3 ** rank) for rank, priority in enumerate(levels)}
    constraints = list(system["constraints"])
    if attempt > 0:
        random.Random(attempt).shuffle(constraints)
    solver = kiwisolver.Solver()
    for constraint in constraints:
        expression = constraint["constant"]
        for index, coefficient in constraint["terms"]:
            expression = expression + coefficient * variables[index]
        relation = constraint["relation"]
        if relation == "==":
            kiwi_constraint = expression == 0
        elif relation == "<=":
            kiwi_constraint = expression <= 0
        else:
            kiwi_constraint = expression >= 0
        if constraint["priority"] >= 1000:
            strength = kiwisolver.strength.required
        else:
            strength = strengths[constraint["priority"]] * constraint.get("weight", 1.0)
        solver.addConstraint(kiwi_constraint | strength)
    solver.updateVariables()
    return [variable.value() for variable in variables]


def solve_isolated(system, attempts=6):
    """solve() in a forked child, retried in other orders when the child dies."""
    for attempt in range(attempts):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            try:
                result = {"values": solve(system, attempt)}
            except Exception as error:  # reported to the parent
                result = {"error": "%s: %s" % (type(error).__name__, error)}
            with os.fdopen(write_end, "w") as pipe:
                pipe.write(json.dumps(result))
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        if status == 0 and data:
            return json.loads(data)
    return {"error": "kiwisolver aborted in all %d constraint orders" % attempts}


def main():
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(solve_isolated(json.loads(line))) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
