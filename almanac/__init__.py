"""The 壬禽 almanac: 演禽 and 大六壬 over a real lunisolar calendar.

Pure computation lives here, in small modules named for one concept each:
``cycles`` → ``calendar`` → ``qin`` → ``liuren`` → ``judgement``; ``api`` gathers them into the
JSON-ready answers of the command line and the HTTP service.
"""

__version__ = "0.1.0"
