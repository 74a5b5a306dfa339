"""``almanac scheduler [--once]``: the nightly jobs (precompute, feeds, reports).

Without ``--once`` it runs until SIGTERM/SIGINT as the one scheduler of its database: a second
one finds the single-instance lock taken and exits with status 1 (or, with ``--wait``, waits for
it as a standby). ``--once`` runs every job now, records it in the ledger, and exits.
"""
from __future__ import annotations

import json
import logging
import sys
import time

import config as config_mod


def register(subparsers, common) -> None:
    p = subparsers.add_parser("scheduler", parents=[common],
                              help="run the nightly jobs (precompute, feeds, reports)",
                              description="Run the nightly jobs (precompute, feeds, reports) until stopped, "
                                          "as the one scheduler of its database; --once runs every job "
                                          "now and exits.")
    p.add_argument("--once", action="store_true", help="run every job now and exit")
    p.add_argument("--wait", action="store_true",
                   help="if another scheduler holds the lock, wait for it instead of exiting")
    p.add_argument("--json", action="store_true", help="with --once: print the outcomes as JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    from scheduler.lock import LockHeld
    from scheduler.service import Service

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    from almanac.redaction import install_log_redaction
    install_log_redaction()
    cfg = config_mod.load(args.config)
    service = Service(cfg)
    while True:
        try:
            if args.once:
                outcome = service.run_once()
                if args.json:
                    sys.stdout.write(json.dumps({"jobs": outcome}) + "\n")
                else:
                    for job, status in outcome.items():
                        print(f"{job}: {status}")
                return 1 if "error" in outcome.values() else 0
            service.run_forever()
            return 0
        except LockHeld as e:
            if not args.wait:
                print(f"almanac: {e}; not starting a second one", file=sys.stderr)
                return 1
            time.sleep(float(cfg["scheduler"]["lock_check_seconds"]))
