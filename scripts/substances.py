#!/usr/bin/env python3
"""Writes public/lazy/substances.txt, the offline table of documented substances.

Reads the PubChem-derived identifier tables shipped in the PyPI package `chemicals` (MIT,
https://github.com/CalebBell/chemicals), keeps the substances made only of the game's 33
elements with at most 15 atoms, picks one clean name for each, groups them by formula (the
tiles' multiset) and writes one line per formula:

    C2H6O<TAB>ethanol|dimethyl ether

The formula key is Hill order (C, H, then alphabetical; alphabetical without carbon); names are
most common first (by PubChem compound id: the long-known substances got the low ones).
The engine's reader (crates/engine/src/chemistry/names.rs) checks every line and every cap.

Usage:  python3 scripts/substances.py [OUT]      (default OUT: public/lazy/substances.txt)
It installs `chemicals` into a temporary folder with pip (no dependencies are needed: only its
data files are read), so it runs on a machine that reaches PyPI.
"""

import gzip
import math
import os
import re
import subprocess
import sys
import tempfile

ELEMENTS = (
    "H O C N Na Cl Ca K S Mg P Si Al Fe Zn Cu Mn Ba Br Li F Ag Sn I Ni Pb Cr Au Pt Hg U He Ne"
).split()
MAX_ATOMS = 15
MAX_NAMES = 8  # names kept per formula: the card shows a few, and the table stays small
MAX_NAME_CHARS = 48
# the table's gzip budget: names, measured properties and structures (SMILES)
MAX_GZIP_BYTES = 120_000
MAX_STRUCTURE_CHARS = 120  # the engine's cap on one structure (substances.rs)
SMILES_CHARACTERS = re.compile(r"^[A-Za-z0-9()\[\]=#$@+\-.%/\\:*]+$")
CHEMICALS = "chemicals==1.5.2"  # the version the table was written from
EDITION_ONE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                           "chemist-edition-1.tsv")
# formulas edition 1 of the chemist's rules documents that later editions do not: the line
# stays, tagged until=1, so that saved games replay as they were played
UNTIL_ONE = {
    # PubChem's "calcium monohydroxide" is CaH(OH), calcium hydride hydroxide: a species of
    # matrix-isolation spectra, no substance a chemist could hand you
    "CaH2O": "calcium hydride hydroxide",
    # PubChem's "silver phosphate" record under this formula is phosphoric acid beside a silver
    # atom; silver phosphate is Ag3PO4
    "AgH3O4P": "phosphoric acid, silver salt",
}
# IUPAC's spellings for the names the table shows (PubChem writes American ones)
SPELLINGS = [(re.compile(r"aluminum"), "aluminium"), (re.compile(r"sulph"), "sulf"),
             (re.compile(r"Aluminum"), "Aluminium"), (re.compile(r"Sulph"), "Sulf")]
TABLES = [
    "chemical identifiers pubchem small.tsv",
    "chemical identifiers pubchem large.tsv",
    "Inorganic db.tsv",
    # the package's example user database: ethane, propane, butane, acetylene, … are only here
    "chemical identifiers example user db.tsv",
]
TEXTBOOK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "textbook.tsv")
# elements as substances: every other molecule of one element is seen only in a gas-phase
# spectrum or a molecular beam (Na2, P2, S2, Ag5)
ELEMENTAL = {"H2", "N2", "O2", "O3", "F2", "Cl2", "Br2", "I2", "P4", "S6", "S7", "S8"}
METALS = set("Na Ca K Mg Al Fe Zn Cu Mn Ba Li Ag Sn Ni Pb Cr Au Pt Hg U".split())
# radicals and other species that live only in flames, plasmas, interstellar space or a
# spectrometer: no bottle holds them
GAS_PHASE = {"HO", "HO2", "CH", "CH2", "CH3", "C2H", "C2H3", "C2H5", "HN", "H2N", "CN", "HS",
             "NP", "OP", "ClO", "BrO", "IO", "CHO", "NO3", "N3", "CH3O", "HSi", "H2Si", "H3Si",
             "CHN2", "HNO", "H3O"}
# valences of RULES.md §1, for telling radicals and gas-phase diatomics from substances
VALENCES = {"H": (1,), "O": (2,), "C": (4,), "N": (3, 5), "Na": (1,), "Cl": (1, 3, 5, 7),
            "Ca": (2,), "K": (1,), "S": (2, 4, 6), "Mg": (2,), "P": (3, 5), "Si": (4,),
            "Al": (3,), "Fe": (2, 3), "Zn": (2,), "Cu": (1, 2), "Mn": (2, 4, 7), "Ba": (2,),
            "Br": (1, 3, 5), "Li": (1,), "F": (1,), "Ag": (1,), "Sn": (2, 4), "I": (1, 3, 5, 7),
            "Ni": (2,), "Pb": (2, 4), "Cr": (2, 3, 6), "Au": (1, 3), "Pt": (2, 4), "Hg": (1, 2),
            "U": (4, 6)}
# measured properties, from the package's own data tables (never its predictions:
# Joback's group contributions and Wikidata are left out). Each value carries the letter of
# the table it came from; the engine (names.rs, Source) names the table on the formula card.
MISC = "Misc"
PROPERTY_TABLES = {
    # letter: (folder, file, CAS column written with dashes?)
    "I": (MISC, "Physical Constants of Inorganic Compounds.csv"),  # CRC Handbook, 95th ed.
    "R": (MISC, "Physical Constants of Organic Compounds.csv"),  # CRC Handbook, 95th ed.
    "W": (MISC, "webbook_constants.tsv"),  # NIST Chemistry WebBook
    "A": (MISC, "common_chemistry_data.tsv"),  # CAS Common Chemistry
    "Y": ("Phase Change", "Yaws Boiling Points.tsv"),  # Yaws' handbook (boiling points)
    "B": ("Phase Change", "OpenNotebook Melting Points.tsv"),  # Bradley's Open Notebook
}
MELTING_SOURCES = "IRWAB"
BOILING_SOURCES = "IRWAY"
DENSITY_SOURCES = "IR"  # the CRC tables' density: kg/m³ (= g/L) at 25 °C, gases in g/L
# the d- and f-block metals of the game: their salts are paramagnetic (an odd number of
# electrons) and real, so the radical rule below leaves them alone
D_BLOCK = set("Cr Mn Fe Ni Cu Zn Ag Pt Au Hg U".split())
ATOMIC_NUMBER = {"H": 1, "He": 2, "Li": 3, "C": 6, "N": 7, "O": 8, "F": 9, "Ne": 10, "Na": 11,
                 "Mg": 12, "Al": 13, "Si": 14, "P": 15, "S": 16, "Cl": 17, "K": 19, "Ca": 20,
                 "Cr": 24, "Mn": 25, "Fe": 26, "Ni": 28, "Cu": 29, "Zn": 30, "Br": 35,
                 "Ag": 47, "Sn": 50, "I": 53, "Ba": 56, "Pt": 78, "Au": 79, "Hg": 80,
                 "Pb": 82, "U": 92}
NONMETALS = set("H C N O F Cl Br I S P Si".split())
# diatomic solids the CRC table happens to lack: copper(I) hydride (Wurtz, 1844) and
# chromium(II) sulfide; and the mercury(I) halides, which the handbook writes Hg2X2
DIATOMIC_SOLIDS = {"CuH", "CrS", "ClHg", "BrHg", "HgI", "FHg"}
# the charge of a simple anion: a metal with one of these, one atom each, must balance it
ANION_CHARGE = {"H": 1, "F": 1, "Cl": 1, "Br": 1, "I": 1, "O": 2, "S": 2, "N": 3, "P": 3}


def unbalanced(counts):
    """A radical or a gas-phase diatomic by its formula: a hydride XHn of one nonmetal atom
    whose n is none of X's valences (CH3, NH2, OH, SiH, PH2), or a diatomic metal compound
    MX whose charges can't balance (MgH, AlI, SnCl, NaO). Seen only in a gas-phase spectrum."""
    symbols = sorted(counts)
    if len(symbols) != 2:
        return False
    if "H" in counts:
        (x,) = [s for s in symbols if s != "H"]
        if counts[x] == 1 and x not in METALS and x in VALENCES:
            return counts["H"] not in VALENCES[x]
    metal = [s for s in symbols if s in METALS]
    if len(metal) == 1 and all(n == 1 for n in counts.values()):
        (m,) = metal
        (x,) = [s for s in symbols if s != m]
        return x in ANION_CHARGE and ANION_CHARGE[x] not in VALENCES[m]
    return False


def diatomic_gas(counts):
    """A diatomic of two nonmetals, or of a metal with H, O, S or a halogen (SO, NS, CrO,
    AgH), that no table of measured properties lists in bulk: a species of a spectrum."""
    if sum(counts.values()) != 2 or len(counts) != 2:
        return False
    a, b = sorted(counts)
    metal = [s for s in (a, b) if s in METALS]
    if not metal:
        return a in NONMETALS and b in NONMETALS
    other = b if metal[0] == a else a
    return len(metal) == 1 and other in ("H", "O", "S", "F", "Cl", "Br", "I")


def radical(counts):
    """At most 4 atoms, an odd number of electrons and no d- or f-block metal (BaOH, PO2,
    HN2, ClCO): a free radical."""
    return (sum(counts.values()) <= 4 and not D_BLOCK & set(counts)
            and sum(ATOMIC_NUMBER[s] * n for s, n in counts.items()) % 2 == 1)


RADICAL_NAME = re.compile(r"radical|ylidyne|idogen|hydroperoxy|\bdimer\b|\btrimer\b|^[a-z]+yl$")
# a charge written into a name ("silver(1+) bromate", "dichromic oxygen(2-)"): PubChem's
# ionic records, not what a chemist calls the substance
PREFIXES = ["", "", "di", "tri", "tetra", "penta", "hexa", "hepta", "octa", "nona", "deca",
            "undeca", "dodeca", "trideca", "tetradeca", "pentadeca"]
ELEMENT_NAMES = dict(zip(ELEMENTS, (
    "hydrogen oxygen carbon nitrogen sodium chlorine calcium potassium sulfur magnesium "
    "phosphorus silicon aluminium iron zinc copper manganese barium bromine lithium fluorine "
    "silver tin iodine nickel lead chromium gold platinum mercury uranium helium neon").split()))
# names a chemist would question, for formulas the textbook list does not cover
NAME_FIXES = {"NP": [["phosphorus mononitride"]], "OS": [["sulfur monoxide"]],
              "CrO": [["chromium monoxide"]], "HeNe": [["helium–neon"]],
              "NSi": [["silicon mononitride"]], "ClSn": [["tin monochloride"]],
              "C4H10": [["butane"], ["isobutane", "2-methylpropane"]],
              # PubChem's records name a hydrate and a phosphonate ion here
              "Br2Zn": [["zinc bromide"]], "O5P2": [["phosphorus pentoxide"]]}
# PubChem's substitutive names for simple inorganics ("bromogold", "thioxoplatinum",
# "phosphanylidyneiron"): the CRC Handbook's name of the same record replaces them
# (gold(I) bromide, platinum(II) sulfide, iron phosphide)
SUBSTITUTIVE = re.compile(r"^(?:di|tri|tetra)?(?:bromo|chloro|fluoro|iodo|oxo|dioxo|thioxo|"
                          r"dithioxo|phosphanylidyne|azanylidyne|hydroxy)[a-z]+$")
# "chromium oxide (cro)", "uranium nitride (un)": the formula in lower case after the name
LOWER_FORMULA = re.compile(r"\s*\(([a-z0-9()]+)\)$")
CHARGED = re.compile(r"\(\d*[+-]\)")

FORMULA_PART = re.compile(r"([A-Z][a-z]?)(\d*)")
# "(PH3)", "(Cd(NO3)2)", "(FeCl3)": a formula written after a name
# (lower-case too, as some tables write them: "(fecl3)"; a digit or a capital tells it from a
# word: "(aminooxy)acetic acid" keeps its brackets)
FORMULA_PAREN = re.compile(
    r"\s*\((?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+\)", re.I)
ROMAN = re.compile(r"\((i{1,3}|iv|v|vi{1,3})\)")
# "nitrogen oxide", "iron chloride": element names and one -ide, which fit several formulas
NAME_WORDS = ("hydrogen|oxygen|carbon|nitrogen|sodium|chlorine|calcium|potassium|sulfur|"
              "magnesium|phosphorus|silicon|aluminium|aluminum|iron|zinc|copper|manganese|"
              "barium|bromine|lithium|fluorine|silver|tin|iodine|nickel|lead|chromium|gold|"
              "platinum|mercury|uranium")
GENERIC = re.compile(r"^(?:(?:" + NAME_WORDS + r") )+[a-z]+ide$")
CAS = re.compile(r"^\d{2,7}-\d\d-\d$")
# PubChem's computed IUPAC names spell substituents in ways no chemist writes
MACHINE_WORDS = ("azanyl", "oxidanyl", "chloranyl", "bromanyl", "iodanyl", "fluoranyl",
                 "sulfanyl", "lambda", "oxido", "ylidene", "azanium", "ium;")


def install():
    target = os.path.join(tempfile.gettempdir(), "molscrab-" + CHEMICALS.replace("==", "-"))
    data = os.path.join(target, "chemicals", "Identifiers")
    if not os.path.isdir(data):
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
             target, CHEMICALS],
            check=True,
        )
    return data


def parse_formula(text):
    """Element counts of a Hill formula, or None if it has anything but our elements."""
    counts = {}
    position = 0
    for match in FORMULA_PART.finditer(text):
        if match.start() != position:
            return None
        symbol, digits = match.group(1), match.group(2)
        if symbol not in ELEMENTS:
            return None
        counts[symbol] = counts.get(symbol, 0) + (int(digits) if digits else 1)
        position = match.end()
    if position != len(text) or not counts:
        return None
    return counts


def hill(counts):
    order = sorted(counts)
    if "C" in counts:
        order = ["C"] + (["H"] if "H" in counts else []) + [s for s in order if s not in "CH"]
    return "".join(s + (str(counts[s]) if counts[s] > 1 else "") for s in order)


def looks_like_a_name(name):
    if not name or len(name) > MAX_NAME_CHARS or CAS.match(name):
        return False
    if any(c in name for c in "|\t;[]{}\\\"") or not re.search(r"[a-z]{3}", name):
        return False
    if any(word in name for word in MACHINE_WORDS):
        return False
    # registry codes and catalogue numbers: letters glued to long digit runs (stk366316)
    if re.search(r"[a-z]{2,}\d{3,}|\d{4,}", name):
        return False
    # CAS index forms ("1-butene, 2-bromo-"), mixtures and ratios are no names to show
    if ", " in name or name.endswith("-") or "mixt" in name or re.search(r"\d:\d", name):
        return False
    # trade and registry codes: "a 21 (blowing agent)", "r 600a", "agn-pc-02vjxd"
    if re.match(r"^[a-z]{1,3} ?\d", name) or re.match(r"^[a-z]{2,4}-[a-z]{2}-", name):
        return False
    if re.search(r"\[[a-z ]+\]$|\(\d+ci\)|9ci|8ci|\bacs\b|\busp\b|\bnf\b|grade", name):
        return False
    return True


def formula_paren(name):
    """The first bracketed formula in a name, if any (re.I can't tell capitals apart)."""
    for match in FORMULA_PAREN.finditer(name):
        if re.search(r"[A-Z0-9]", match.group(0)):
            return match
    return None


def parse_loose(text):
    """A formula written in any case ("FeCl3", "fecl3", "Cd(NO3)2"), as element counts."""
    counts = {}
    stack = [counts]
    i = 0
    while i < len(text):
        c = text[i]
        if c == "(":
            stack.append({})
            i += 1
            continue
        if c == ")":
            if len(stack) == 1:
                return None
            group = stack.pop()
            j = i + 1
            while j < len(text) and text[j].isdigit():
                j += 1
            times = int(text[i + 1:j]) if j > i + 1 else 1
            for symbol, n in group.items():
                stack[-1][symbol] = stack[-1].get(symbol, 0) + n * times
            i = j
            continue
        two = text[i:i + 2].capitalize()
        symbol = two if len(two) == 2 and two in ELEMENTS else c.upper()
        if symbol not in ELEMENTS:
            return None
        i += len(symbol)
        j = i
        while j < len(text) and text[j].isdigit():
            j += 1
        stack[-1][symbol] = stack[-1].get(symbol, 0) + (int(text[i:j]) if j > i else 1)
        i = j
    return counts if len(stack) == 1 and counts else None


def tidy(name):
    name = name.strip()
    name = ROMAN.sub(lambda m: "(" + m.group(1).upper() + ")", name)
    return re.sub(r"\s+", " ", name)


def read_rows(folder):
    for table in TABLES:
        path = os.path.join(folder, table)
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                cells = line.rstrip("\n").split("\t")
                if len(cells) < 9:
                    continue
                yield cells


def read_properties(folder):
    """letter -> {CAS without dashes: {"Tm", "Tb", "rho": float}} from the package's tables."""
    root = os.path.dirname(folder)
    out = {}
    for letter, (sub, name) in PROPERTY_TABLES.items():
        rows = {}
        with open(os.path.join(root, sub, name), encoding="utf-8") as handle:
            header = handle.readline().rstrip("\n").split("\t")
            for line in handle:
                cells = dict(zip(header, line.rstrip("\n").split("\t")))
                values = {}
                for column in ("Tm", "Tb", "rho"):
                    try:
                        value = float(cells.get(column) or "nan")
                    except ValueError:
                        continue
                    if value == value:
                        values[column] = value
                if values or cells.get("Chemical"):
                    values["name"] = cells.get("Chemical") or cells.get("Name") or ""
                    rows[cells["CAS"].replace("-", "")] = values
        out[letter] = rows
    return out


def in_bulk(properties, cases):
    """Whether the CRC Handbook's tables of inorganic or organic compounds list one of these
    CAS numbers: a substance made and measured in bulk."""
    return any(c in properties["I"] or c in properties["R"] for c in cases)


def number(value, places):
    text = f"{value:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


TRUST = "IRWBYA"  # the tables from most to least trusted, where two disagree


def consistent(tags):
    """A boiling point below the melting point says the substance sublimes (CO2, AlCl3,
    acetylene). From two tables that disagree it is more often a wrong value: then CAS Common
    Chemistry's value goes (its melting points of liquids are often another substance's), and
    past a 30 degree gap the less trusted table's; a sublimation that one table gives, or two
    within 30 degrees, stays."""
    found = {t[0]: (float(t[2:-1]), t[-1]) for t in tags}
    if "m" not in found or "b" not in found:
        return tags
    (m, m_from), (b, b_from) = found["m"], found["b"]
    if b >= m or m_from == b_from:
        return tags
    if "A" in (m_from, b_from):
        drop = "m" if m_from == "A" else "b"
    elif m - b > 30:
        drop = "m" if TRUST.index(m_from) > TRUST.index(b_from) else "b"
    else:
        return tags
    return [t for t in tags if t[0] != drop]


def properties_boiling(tags):
    for tag in tags:
        if tag.startswith("b="):
            return float(tag[2:-1])
    return None


def measured(properties, cases):
    """The tags m= (melting point, °C), b= (boiling point, °C) and d= (density, kg/m³ = g/L
    at 25 °C), each value followed by its table's letter: the first CAS number (most common
    record first) that the CRC Handbook lists, else the first any table knows; each property
    from the first table that has it."""
    crc = [c for c in cases if c in properties["I"] or c in properties["R"]]
    for cas in crc + [c for c in cases if c not in crc]:
        tags = []
        for tag, column, letters in (("m", "Tm", MELTING_SOURCES), ("b", "Tb", BOILING_SOURCES)):
            for letter in letters:
                value = properties[letter].get(cas, {}).get(column)
                if value is not None and 1 <= value <= 6000:
                    celsius = value - 273.15
                    # whole degrees from 100 °C up (801, not 800.7), tenths below (78.2)
                    places = 0 if abs(celsius) >= 99.95 else 1
                    tags.append(f"{tag}={number(celsius, places)}{letter}")
                    break
        tags = consistent(tags)
        for letter in DENSITY_SOURCES:
            value = properties[letter].get(cas, {}).get("rho")
            if value is not None and 0 < value <= 25000:
                # three significant figures: 2170, 997, 13500, 2.9 (a gas, g/L)
                rounded = float(f"{value:.3g}")
                places = max(0, 2 - int(math.floor(math.log10(rounded))))
                # a gas's density (g/L) only where the boiling point says it is a gas
                boiling = properties_boiling(tags)
                if rounded >= 50 or (boiling is not None and boiling <= 25):
                    tags.append(f"d={number(rounded, places)}{letter}")
                break
        if tags:
            return tags
    return []


def cases_of(records, counts, substances):
    """The CAS numbers of the first substance's records (its names among theirs), most common
    first; without carbon every record of the formula (one substance)."""
    first_names = {n.lower() for n in (substances[0] if substances else [])}
    cases = [c for names, cs in records if names & first_names for c in cs]
    if "C" not in counts:
        cases += [c for _, cs in records for c in cs if c not in cases]
    return cases


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "public", "lazy", "substances.txt")
    folder = install()
    # one entry per substance (PubChem id, else CAS): its formula, names in the order the
    # tables give them (each row's common name first), and its PubChem id for ordering
    substances = {}
    # each record's structure (PubChem's SMILES), by the same key
    smiles_of = {}
    for cells in read_rows(folder):
        cid, cas, formula, iupac, common = cells[0], cells[1], cells[2], cells[7], cells[8]
        counts = parse_formula(formula)
        if counts is None or sum(counts.values()) > MAX_ATOMS:
            continue
        ident = cid if cid not in ("", "-1") else cas
        rank = int(cid) if cid.isdigit() else 10**12
        entry = substances.setdefault(ident, (hill(counts), rank, [], [], []))
        if cells[4] and ident not in smiles_of:
            smiles_of[ident] = cells[4]
        entry[2].append(common)
        entry[3].extend([iupac] + cells[9:])
        if cas and cas.replace("-", "") not in entry[4]:
            entry[4].append(cas.replace("-", ""))

    def cut(name, key):
        """"phosphine (PH3)" -> "phosphine"; None when the bracket names another formula
        ("magnetite (Fe3O4)" on FeO's row) or the rest is generic ("nitrogen oxide (N2O4)")."""
        match = formula_paren(name)
        if not match:
            return tidy(name)
        inner = parse_loose(match.group(0).strip()[1:-1])
        rest = tidy(name[:match.start()] + name[match.end():])
        if inner is None or hill(inner) != key or GENERIC.match(rest):
            return None
        return rest

    # a main name used for two formulas ("iron oxide (FeO)" and "iron oxide (Fe2O3)" both cut
    # to "iron oxide") names neither; synonyms are too loose to count (salts, isotopes)
    formulas_called = {}
    for key, _, commons, others, _ in substances.values():
        for name in commons + others[:1]:
            for form in {tidy(name).lower(), (cut(name, key) or "").lower()}:
                formulas_called.setdefault(form, set()).add(key)

    groups = {}
    # the CAS numbers of a formula's records, most common first, and of each name
    records_of = {}
    for key, rank, commons, others, cases in sorted(substances.values(), key=lambda e: e[1]):
        names = {tidy(n).lower() for n in commons + others if n}
        records_of.setdefault(key, []).append((names, cases))
    properties = read_properties(folder)
    # a formula's records, most common first: (rank, the name picked for it, all its names,
    # its structure), for finding a substance's structure by its names
    structures_of = {}
    for ident, (key, rank, commons, others, _) in substances.items():
        names = {tidy(n).lower() for n in commons + others if n}
        structures_of.setdefault(key, []).append([rank, None, names, smiles_of.get(ident)])
    for records in structures_of.values():
        records.sort(key=lambda r: r[0])
    picked = {}
    for ident, (key, rank, commons, others, _) in substances.items():
        candidates = [c for c in (cut(c, key) for c in commons) if c] + commons + others
        fit = [tidy(c) for c in candidates
               if looks_like_a_name(tidy(c)) and not formula_paren(c)
               and formulas_called.get(tidy(c).lower(), {key}) == {key}]
        # a name with a charge in it ("silver(1+) bromate") only when no other fits, and
        # then without the charge
        name = next((c for c in fit if not CHARGED.search(c)),
                    tidy(CHARGED.sub("", fit[0])) if fit else None)
        if name is None:
            continue
        # a name stripped of its charge stands only where nothing else names the formula
        stripped = not any(not CHARGED.search(c) for c in fit)
        groups.setdefault(key, []).append((stripped, rank, name))
        picked[(key, rank)] = name.lower()
    for key, records in structures_of.items():
        for record in records:
            record[1] = picked.get((key, record[0]))

    def structure(key, names, given):
        """A substance's SMILES: the textbook's, else the record whose picked name is its
        first, else a record that has one of its names; without carbon (one substance per
        formula) the formula's most common record, with carbon its only one; else "-"."""
        lower = [n.lower() for n in names]
        records = structures_of.get(key, [])
        found = next((given[(key, n)] for n in lower if (key, n) in given), None)
        found = found or next((r[3] for r in records if r[1] == lower[0] and r[3]), None)
        found = found or next((r[3] for r in records if r[2] & set(lower) and r[3]), None)
        if not found and ("C" not in parse_formula(key) or len(records) == 1):
            found = next((r[3] for r in records if r[3]), None)
        if not found or len(found) > MAX_STRUCTURE_CHARS or not SMILES_CHARACTERS.match(found):
            return "-"
        return found

    textbook = read_textbook()
    # a name the textbook gives one formula names no other ("silver sulfide" on Ag2HS's row)
    taken = {n.lower(): key for key, entries in textbook.items()
             for _, names, _ in entries for n in names}
    # the structures the textbook list gives, by name
    given = {(key, n.lower()): notes["smiles"] for key, entries in textbook.items()
             for _, names, notes in entries if "smiles" in notes for n in names}
    edition_one = read_edition_one()
    lines = []
    written_keys = set()
    for key in sorted(set(groups) | set(textbook) | set(edition_one)):
        counts = parse_formula(key)
        # PubChem's records of this formula, most common first, one name each
        records, seen = [], set()
        for stripped, _, name in sorted(groups.get(key, [])):
            if stripped and records:
                continue
            if name.lower() not in seen and taken.get(name.lower(), key) == key:
                seen.add(name.lower())
                records.append(name)
        if "C" in counts:
            # carbon compounds: each record is its own substance (isomers)
            substances = [[name] for name in records]
        else:
            # without carbon, one formula is one substance: PubChem's several records of it
            # (ionic and covalent forms, a mineral) are its synonyms
            substances = [records] if records else []
        cases = cases_of(records_of.get(key, []), counts, substances)
        crc_names = [properties["I"][c]["name"] for c in cases if c in properties["I"]]
        if (substances and crc_names and METALS & set(counts)
                and SUBSTITUTIVE.match(substances[0][0])):
            crc = re.sub(r"\s*[\[(][^\])]*[\])]$", "", crc_names[0])
            crc = crc[:1].lower() + crc[1:]
            if crc.lower() not in {n.lower() for n in substances[0]}:
                substances[0] = [crc] + substances[0]
        for substance in substances:
            for i, name in enumerate(substance):
                match = LOWER_FORMULA.search(name)
                inner = parse_loose(match.group(1)) if match else None
                if inner is not None and hill(inner) == key:
                    substance[i] = name[:match.start()]
        substances = NAME_FIXES.get(key, substances)
        if key in UNTIL_ONE:
            substances = [[UNTIL_ONE[key]]]
        if not substances and key not in textbook:
            continue
        tags = []
        for written, names, _ in reversed(textbook.get(key, [])):
            lower = {n.lower() for n in names}
            if "C" in counts:
                # the textbook's substance replaces PubChem's record of the same name, or else
                # (for the formula's first textbook substance) its most common one
                same = [s for s in substances if s[0].lower() in lower]
                rest = [s for s in substances if s[0].lower() not in lower]
                if not same and rest and written == textbook[key][0][0]:
                    rest = rest[1:]
                substances = [names] + rest
            else:
                synonyms = [n for n in (substances[0] if substances else [])
                            if n.lower() not in lower]
                substances = [names + synonyms]
        orders = []
        for written, _, _ in textbook.get(key, []):
            if written not in orders:
                orders.append(written)
        if key in edition_one:
            # edition 1's orders stay as they were, in their order (the first is the one a
            # refusal offers); the textbook's new orders count from edition 2 on
            frozen = edition_one[key][0]
            tags += ["as=" + o + ("" if o in orders else ",until=1") for o in frozen]
            tags += ["as=" + o + ",since=2" for o in orders if o not in frozen]
        else:
            tags += ["as=" + o for o in orders]
        first = substances[0][0] if substances else ""
        # the first substance's records (its names among theirs), else, without carbon, every
        # record of the formula: one substance
        cases = cases_of(records_of.get(key, []), counts, substances)
        bulk = in_bulk(properties, cases)
        only = None
        if len(counts) == 1 and key not in ELEMENTAL and sum(counts.values()) > 1:
            only = "gas-phase"
        elif sum(counts.values()) < 2:
            pass
        elif all(symbol in ("He", "Ne") for symbol in counts):
            # "hene": noble gases bond to nothing; HeNe is a pair held in a molecular beam
            only = "gas-phase"
        elif key in GAS_PHASE:
            only = "gas-phase"
        elif sum(counts.values()) < 2:
            pass
        elif not bulk and key not in DIATOMIC_SOLIDS and (
                RADICAL_NAME.search(first) or unbalanced(counts) or diatomic_gas(counts)
                or radical(counts)):
            # a species the CRC Handbook lists (CrP, FeP, UN, SnP: solids) is no gas
            only = "gas-phase"
        elif len(counts) > 1 and all(symbol in METALS for symbol in counts):
            only = "alloy"
        if key in edition_one and (only if key not in textbook else None) != edition_one[key][1]:
            sys.exit(f"{key}: edition 1 has it {edition_one[key][1] or 'a substance'}, this "
                     f"run {only or 'a substance'}; edition 1's rules must not change")
        if only and key not in textbook:
            tags.append(only)
            if len(counts) == 1:
                # "sodiosodium", "sulfur dimer": a molecule of one element is named by its
                # atoms, as chemists name the species in a spectrum
                (symbol, n), = counts.items()
                substances = [[PREFIXES[n] + ELEMENT_NAMES[symbol]]]

        # at most MAX_NAMES names in all, at least the first substance's first
        kept, total = [], 0
        for substance in substances:
            room = MAX_NAMES - total
            if room <= 0:
                break
            kept.append(substance[:room])
            total += len(kept[-1])
        smiles = [structure(key, s, given) for s in kept]
        kept = [spelled(s) for s in kept]
        line = key + "\t" + "|".join(";".join(s) for s in kept)
        if not only or key in textbook:
            tags += measured(properties, cases)
        if key not in edition_one:
            tags.append("since=2")
        elif key in UNTIL_ONE:
            tags.append("until=1")
        first_notes = textbook[key][0][2] if key in textbook else {}
        if first_notes.get("in-solution"):
            tags.append("in-solution")
        if any(s != "-" for s in smiles):
            tags.append("smiles=" + "|".join(smiles))
        if tags:
            line += "\t" + " ".join(tags)
        lines.append(line)
        written_keys.add(key)
    lost = sorted(set(edition_one) - written_keys)
    if lost:
        sys.exit(f"edition 1 documents {', '.join(lost[:10])}, which this run drops: keep each "
                 "line and tag it until=1 (UNTIL_ONE)")
    header = ("# molscrab-substances/4: documented substances of the game's 33 elements, at most "
              "15 atoms. formula (Hill order) TAB substances, most common first, separated by |, "
              "each its names separated by ;, the preferred first [TAB tags: as=FORMULA, the "
              "textbook's order of the tiles (,since=2: from edition 2 of the chemist's rules "
              "on; ,until=1: only in edition 1); gas-phase, seen only in a gas-phase spectrum; "
              "alloy, metals only; m=, b= melting and boiling point in degrees C at 1 atm, d= "
              "density in kg/m3 (g/L) at 25 C, each followed by its table: I, R the CRC "
              "Handbook's physical constants of inorganic, organic compounds; W NIST WebBook; "
              "A CAS Common Chemistry; Y Yaws; B Bradley's Open Notebook; since=2, documented "
              "from edition 2 of the chemist's rules on; until=1, only in edition 1; "
              "in-solution, the first substance exists only dissolved in water; smiles=, each "
              "substance's structure (SMILES) separated by |, - for none]. Names, structures "
              "and measured values from PubChem and the tables of the `chemicals` package (MIT), "
              "and data/textbook.tsv; written by scripts/substances.py\n")
    text = header + "\n".join(lines) + "\n"
    packed = len(gzip.compress(text.encode("utf-8"), compresslevel=9))
    if packed > MAX_GZIP_BYTES:
        sys.exit(f"the table would be {packed} bytes gzipped, more than {MAX_GZIP_BYTES}")
    with open(out_path, "w", encoding="utf-8") as handle:
        handle.write(text)
    named = sum(len(re.split(r"[|;]", line.split("\t")[1])) for line in lines)
    flagged = sum(1 for line in lines if "gas-phase" in line or line.endswith("alloy"))
    print(f"{out_path}: {len(lines)} formulas, {named} names, {flagged} gas-phase or alloys, "
          f"{len(textbook)} from the textbook list, {len(text.encode())} bytes, "
          f"{packed} gzipped")


def spelled(names):
    """IUPAC's spellings (aluminium, sulfur), each name once."""
    out = []
    for name in names:
        for pattern, spelling in SPELLINGS:
            name = pattern.sub(spelling, name)
        if name.lower() not in {n.lower() for n in out}:
            out.append(name)
    return out


def read_edition_one():
    """Hill key -> (its as= orders, gas-phase or alloy or None) as edition 1 has them."""
    out = {}
    with open(EDITION_ONE, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            key, _, tags = line.rstrip("\n").partition("\t")
            tags = tags.split()
            orders = [t[3:] for t in tags if t.startswith("as=")]
            only = next((t for t in tags if t in ("gas-phase", "alloy")), None)
            out[key] = (orders, only)
    return out


def expand(written):
    """"Ca(OH)2" -> ["Ca", "O", "H", "O", "H"]: the tiles in the textbook's order."""
    def group(i):
        tiles = []
        while i < len(written) and written[i] != ")":
            if written[i] == "(":
                inner, i = group(i + 1)
                i += 1  # the ")"
            else:
                match = FORMULA_PART.match(written, i)
                if not match or match.group(1) not in ELEMENTS:
                    sys.exit(f"data/textbook.tsv: {written!r} is not a formula of our elements")
                inner, i = [match.group(1)], match.start(2)
            j = i
            while j < len(written) and written[j].isdigit():
                j += 1
            tiles += inner * (int(written[i:j]) if j > i else 1)
            i = j
        return tiles, i
    tiles, end = group(0)
    if end != len(written):
        sys.exit(f"data/textbook.tsv: unbalanced brackets in {written!r}")
    return tiles


def read_textbook():
    """Hill key -> [(the tiles written as runs, "NaHCO3"; the names, textbook's first; notes:
    {"in-solution": True, "smiles": "..."})]."""
    out = {}
    with open(TEXTBOOK, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            written, names, *rest = line.rstrip("\n").split("\t")
            notes = {}
            for note in " ".join(rest).split():
                if note == "in-solution":
                    notes[note] = True
                elif note.startswith("smiles="):
                    notes["smiles"] = note[7:]
                else:
                    sys.exit(f"data/textbook.tsv: {written}: unknown note {note!r}")
            tiles = expand(written)
            counts = {}
            for t in tiles:
                counts[t] = counts.get(t, 0) + 1
            if sum(counts.values()) > MAX_ATOMS:
                sys.exit(f"data/textbook.tsv: {written} has more than {MAX_ATOMS} atoms")
            runs, i = [], 0
            while i < len(tiles):
                j = i
                while j < len(tiles) and tiles[j] == tiles[i]:
                    j += 1
                runs.append(tiles[i] + (str(j - i) if j - i > 1 else ""))
                i = j
            # isomers (ethanol, dimethyl ether) share a key, in the order of the file
            out.setdefault(hill(counts), []).append(
                ("".join(runs), [n.strip() for n in names.split(";")], notes))
    return out


if __name__ == "__main__":
    main()
