"""Views by what a person does: the table, history and corrections, sessions, players.

Each view loads, checks who may act, calls one function of ``ledger.writes`` (or
reads), and renders the template named like it.
"""
