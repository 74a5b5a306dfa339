"""大六壬: the chart of a day pillar and a plate rotation, computed from rules stated as data.

Modules, one concept each: ``plate`` 天地盤 and 寄宮, ``lessons`` 四課, ``transmissions`` 三傳 by the
九宗門, ``generals`` 天將 and 貴人, ``void`` 旬空 / 遁干 / 六親, ``patterns`` 課體 and 格局,
``options`` the disputed rules as a school, ``chart`` the assembled frozen ``Chart``, ``render``
the book-style drawing. Pure computation, no I/O.
"""
