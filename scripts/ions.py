#!/usr/bin/env python3
"""Checks data/ions.tsv (Ion Rules' documented ions; one a line: the formula in the textbook's
order as tiles are played, a count repeating the tile before it; the charge, -3 to +3; the
name; and optionally a fourth column of words separated by spaces: other orders chemists write
the same atoms in (OCl beside ClO) and `organic` for the ions whose salts the chemist's referee
reads as structures. Monatomic ions are single tiles, never a formula, so they are not there. The file has
no comments: the page's wasm embeds it) against the `chemicals` package's ion
tables (chemicals/Identifiers/Anion db.tsv and Cation db.tsv): every line's atoms and charge
must be an ion there. Prints each ion it checked, with the name the package gives it, and
exits 1 if any is missing.

    pip install --target /tmp/pydeps chemicals
    PYTHONPATH=/tmp/pydeps python3 scripts/ions.py
"""

import os
import re
import sys
from collections import Counter

import chemicals

HERE = os.path.dirname(os.path.abspath(__file__))
IONS = os.path.join(HERE, "..", "data", "ions.tsv")
TABLES = os.path.join(os.path.dirname(chemicals.__file__), "Identifiers")
TOKEN = re.compile(r"([A-Z][a-z]?)(\d*)")


def atoms(formula):
    """Element counts of a formula written without brackets: 'CH3COO' -> C2 H3 O2."""
    counts = Counter()
    at = 0
    for m in TOKEN.finditer(formula):
        if m.start() != at:
            raise ValueError(f"can't read {formula!r}")
        counts[m.group(1)] += int(m.group(2) or 1)
        at = m.end()
    if at != len(formula):
        raise ValueError(f"can't read {formula!r}")
    return counts


def table_key(text):
    """The package's 'O4S-2', 'H4N+', 'Hg2+2' as (atoms, charge)."""
    m = re.fullmatch(r"([A-Za-z0-9]+?)([+-])(\d*)", text)
    if not m:
        return None
    try:
        counts = atoms(m.group(1))
    except ValueError:
        return None
    charge = int(m.group(3) or 1) * (1 if m.group(2) == "+" else -1)
    return frozenset(counts.items()), charge


def package_ions():
    known = {}
    for name in ("Anion db.tsv", "Cation db.tsv"):
        with open(os.path.join(TABLES, name), encoding="utf-8") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) < 8:
                    continue
                key = table_key(cols[2])
                if key and key not in known:
                    known[key] = cols[7]
    return known


def main():
    known = package_ions()
    print(f"chemicals {chemicals.__version__}: {len(known)} ions in its anion and cation tables")
    missing = 0
    seen = set()
    checked = 0
    with open(IONS, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            formula, charge, name, *_ = line.rstrip("\n").split("\t")
            counts = atoms(formula)
            key = (frozenset(counts.items()), int(charge))
            if frozenset(counts.items()) in seen:
                print(f"REPEATED  {formula} {charge}: its atoms are already listed")
                missing += 1
            seen.add(frozenset(counts.items()))
            checked += 1
            if key in known:
                print(f"ok        {formula:8} {int(charge):+d}  {name:22} = {known[key]}")
            else:
                print(f"MISSING   {formula:8} {int(charge):+d}  {name}: not in the package's tables")
                missing += 1
    print(f"{checked} ions checked, {missing} not found")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
