//! The table of documented substances (`public/lazy/substances.txt`, written by
//! `scripts/substances.py`): its reader, its caps and what it holds per formula. The table is
//! text from the network or a file: [`Substances::parse`] checks every line and cap and never
//! panics.

use std::fmt;

use crate::elements::Element;

/// The most atoms a formula has: a board line's length. The table's formulas, the chemist's
/// lexicon and the structures drawn are all capped at it.
pub const MAX_ATOMS: usize = 15;

/// The table's first line starts with this (format and version): version 4 adds each
/// substance's structure (`smiles=`), the editions of the chemist's rules a formula or an order
/// belongs to (`since=`, `until=`) and `in-solution`.
pub const TABLE_HEADER: &str = "# molscrab-substances/4";
/// The header of version 3 (measured properties: `m=`, `b=`, `d=` tags), which still reads:
/// its substances have no structures and every formula belongs to every edition.
pub const TABLE_HEADER_V3: &str = "# molscrab-substances/3";
/// The header of version 2 (names and `as=`, `gas-phase`, `alloy` tags only), which still
/// reads: its formulas have no measured properties either.
pub const TABLE_HEADER_V2: &str = "# molscrab-substances/2";
/// The editions of the chemist's rules this build knows: 1, the rules every record without an
/// edition was played under, and 2, which documents the table's `since=2` formulas and orders
/// and no longer its `until=1` ones.
pub const LATEST_EDITION: u8 = 2;
/// The longest structure (SMILES) the table may give a substance.
pub const MAX_STRUCTURE_CHARS: usize = 120;
/// What every version's header starts with.
const TABLE_FORMAT: &str = "# molscrab-substances/";
/// Caps on what the reader accepts: the shipped table is about 200 KB and 4,400 lines.
pub const MAX_TABLE_BYTES: usize = 1_000_000;
pub const MAX_ENTRIES: usize = 20_000;
pub const MAX_NAMES_PER_ENTRY: usize = 20;
pub const MAX_NAME_CHARS: usize = 100;

/// Counts per element ([`Element::index`]): a formula's multiset, whatever the tile order.
pub type Counts = [u8; Element::COUNT];

pub fn counts_of(tiles: &[Element]) -> Counts {
    let mut counts = [0u8; Element::COUNT];
    for &e in tiles {
        counts[e.index()] = counts[e.index()].saturating_add(1);
    }
    counts
}

/// Why a substance table can't be read; `Display` is a sentence for a player or a developer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    TooLarge {
        bytes: usize,
    },
    MissingHeader,
    /// A substance table of a version this build does not read (a newer one).
    UnknownVersion(String),
    TooManyEntries,
    BadLine {
        line: usize,
        problem: LineProblem,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    NoTab,
    BadFormula(String),
    UnknownElement(String),
    TooManyAtoms(usize),
    NoNames,
    TooManyNames(usize),
    BadName(String),
    Repeated(String),
    /// A tag the reader does not know, or an `as=` order of other atoms than the formula's.
    BadTag(String),
    /// A `since=` or `until=` that names no edition, or editions that leave none.
    BadEdition(String),
    /// A `smiles=` tag that does not give one structure per substance.
    StructureCount {
        substances: usize,
        structures: usize,
    },
    /// A structure longer than [`MAX_STRUCTURE_CHARS`] or with a character no SMILES has.
    BadStructure(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::TooLarge { bytes } => write!(
                out,
                "the substance table is {bytes} bytes long, more than the {MAX_TABLE_BYTES} this reads"
            ),
            TableError::MissingHeader => write!(
                out,
                "this is not a substance table: its first line is not \"{TABLE_HEADER} …\""
            ),
            TableError::UnknownVersion(version) => write!(
                out,
                "the substance table is version {version}, which this version of the game does \
                 not read (it reads versions 2 to 4)"
            ),
            TableError::TooManyEntries => write!(
                out,
                "the substance table has more than {MAX_ENTRIES} formulas"
            ),
            TableError::BadLine { line, problem } => {
                write!(out, "the substance table's line {line} ")?;
                match problem {
                    LineProblem::NoTab => write!(out, "has no tab between formula and names"),
                    LineProblem::BadFormula(f) => write!(out, "has \"{f}\", which is not a formula"),
                    LineProblem::UnknownElement(s) => {
                        write!(out, "names \"{s}\", which is not one of the game's elements")
                    }
                    LineProblem::TooManyAtoms(n) => write!(
                        out,
                        "has a formula of {n} atoms; the game's formulas have at most {MAX_ATOMS}"
                    ),
                    LineProblem::NoNames => write!(out, "has an empty name"),
                    LineProblem::TooManyNames(n) => write!(
                        out,
                        "lists {n} names, more than the {MAX_NAMES_PER_ENTRY} this reads"
                    ),
                    LineProblem::BadName(n) => write!(
                        out,
                        "has a name longer than {MAX_NAME_CHARS} characters or with control \
                         characters: \"{n}\""
                    ),
                    LineProblem::Repeated(f) => write!(out, "repeats the formula {f}"),
                    LineProblem::BadTag(t) => write!(
                        out,
                        "has the tag \"{t}\", which is not as=FORMULA (of the line's atoms), \
                         gas-phase, alloy, (from version 3) one measured m=, b= or d= value \
                         in range with its table's letter, or (from version 4) one smiles=, \
                         since=, until= or in-solution"
                    ),
                    LineProblem::BadEdition(t) => write!(
                        out,
                        "has \"{t}\", which is no edition of the chemist's rules from 1 to 99 \
                         (or leaves the formula in none)"
                    ),
                    LineProblem::StructureCount {
                        substances,
                        structures,
                    } => write!(
                        out,
                        "gives {structures} structures (smiles=) for its {substances} \
                         substances; it needs one for each, - for none"
                    ),
                    LineProblem::BadStructure(t) => write!(
                        out,
                        "has the structure \"{t}\", which is longer than \
                         {MAX_STRUCTURE_CHARS} characters or has a character no SMILES has"
                    ),
                }
            }
        }
    }
}

impl std::error::Error for TableError {}

/// Why a documented formula is no substance a chemist could hand you (the table's tags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// Seen only in a gas-phase spectrum, a flame or a molecular beam: Na₂, P₂, the methyl
    /// radical.
    GasPhase,
    /// Metals only: an alloy or a metal cluster, not a compound.
    Alloy,
}

impl Only {
    pub fn code(self) -> &'static str {
        match self {
            Only::GasPhase => "gas-phase",
            Only::Alloy => "alloy",
        }
    }
}

/// The data table a measured value came from, as the `chemicals` package ships it (the
/// letter after each value in the table file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `I`: CRC Handbook, Physical Constants of Inorganic Compounds.
    CrcInorganic,
    /// `R`: CRC Handbook, Physical Constants of Organic Compounds.
    CrcOrganic,
    /// `W`: NIST Chemistry WebBook.
    WebBook,
    /// `A`: CAS Common Chemistry.
    CommonChemistry,
    /// `Y`: Yaws' handbook, boiling points.
    Yaws,
    /// `B`: Bradley's Open Notebook melting points.
    OpenNotebook,
}

impl Source {
    fn from_letter(letter: char) -> Option<Source> {
        Some(match letter {
            'I' => Source::CrcInorganic,
            'R' => Source::CrcOrganic,
            'W' => Source::WebBook,
            'A' => Source::CommonChemistry,
            'Y' => Source::Yaws,
            'B' => Source::OpenNotebook,
            _ => return None,
        })
    }

    /// The table's name, as a card cites it.
    pub fn name(self) -> &'static str {
        match self {
            Source::CrcInorganic => {
                "CRC Handbook of Chemistry and Physics (95th ed.), Physical Constants of \
                 Inorganic Compounds"
            }
            Source::CrcOrganic => {
                "CRC Handbook of Chemistry and Physics (95th ed.), Physical Constants of \
                 Organic Compounds"
            }
            Source::WebBook => "NIST Chemistry WebBook",
            Source::CommonChemistry => "CAS Common Chemistry",
            Source::Yaws => {
                "Yaws, Thermophysical Properties of Chemicals and Hydrocarbons (boiling points)"
            }
            Source::OpenNotebook => "Bradley, Open Notebook Science melting points",
        }
    }
}

/// One measured value and the table it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    pub value: f64,
    pub source: Source,
}

/// Measured properties of a formula's most common substance (table version 3): melting and
/// boiling point at 1 atm in °C, density at 25 °C in kg/m³ (= g/L).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measured {
    pub melting: Option<Reading>,
    pub boiling: Option<Reading>,
    pub density: Option<Reading>,
}

impl Measured {
    pub fn is_empty(&self) -> bool {
        self.melting.is_none() && self.boiling.is_none() && self.density.is_none()
    }
}

/// Absolute zero and a bound above every melting or boiling point of the table (°C).
pub const COLDEST_C: f64 = -273.15;
pub const HOTTEST_C: f64 = 6_000.0;
/// The densest substance known (osmium) is 22,590 kg/m³.
pub const DENSEST: f64 = 25_000.0;

/// `801I` → 801 from table I, when in `low..=high`; the number is at most 8 characters.
fn reading(text: &str, low: f64, high: f64) -> Option<Reading> {
    let letter = text.chars().last()?;
    let source = Source::from_letter(letter)?;
    let number = &text[..text.len() - 1];
    if number.is_empty()
        || number.len() > 8
        || !number
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    {
        return None;
    }
    let value: f64 = number.parse().ok()?;
    (value.is_finite() && (low..=high).contains(&value)).then_some(Reading { value, source })
}

/// The editions of the chemist's rules a formula, or one of its orders, belongs to: from
/// `since` on, up to `until` when set (both included). The default is every edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Editions {
    pub since: u8,
    pub until: Option<u8>,
}

impl Default for Editions {
    fn default() -> Editions {
        Editions {
            since: 1,
            until: None,
        }
    }
}

impl Editions {
    pub fn contains(self, edition: u8) -> bool {
        self.since <= edition && self.until.is_none_or(|until| edition <= until)
    }

    /// These editions narrowed by one `since=N` or `until=N` (N from 1 to 99); `None` when
    /// the text is no such qualifier or the editions would be none.
    fn qualified(self, text: &str) -> Option<Editions> {
        let number = |digits: &str| {
            if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            digits.parse::<u8>().ok().filter(|&n| n >= 1)
        };
        let out = if let Some(digits) = text.strip_prefix("since=") {
            Editions {
                since: number(digits)?,
                ..self
            }
        } else {
            Editions {
                until: Some(number(text.strip_prefix("until=")?)?),
                ..self
            }
        };
        out.until
            .is_none_or(|until| out.since <= until)
            .then_some(out)
    }
}

/// One formula of the table: its substances (isomers), each with its names, the preferred
/// first, and its structure; the textbook's tile orders (`as=` tags); whether it is only a
/// gas-phase species or an alloy; its most common substance's measured properties; and the
/// editions of the chemist's rules it belongs to.
#[derive(Clone, Debug, Default)]
pub struct Entry {
    pub substances: Vec<Vec<String>>,
    /// Each substance's preferred name, most common substance first.
    pub preferred: Vec<String>,
    /// Each substance's structure as SMILES (PubChem's: `CCO`, `[Na+].[Cl-]`), aligned with
    /// `substances`; `None` where the table has none. The text is carried, not read here.
    pub structures: Vec<Option<String>>,
    /// The textbook's tile orders, every edition's: [`Entry::written_in`] gives one edition's.
    pub written: Vec<Vec<Element>>,
    /// The editions each of `written` belongs to, aligned with it.
    pub written_editions: Vec<Editions>,
    pub only: Option<Only>,
    pub measured: Measured,
    /// The editions of the chemist's rules that document this formula (`since=2`: from
    /// edition 2 on; `until=1`: only in edition 1, which accepted it).
    pub editions: Editions,
    /// The first substance exists only dissolved in water (calcium bicarbonate, carbonic acid):
    /// no bottle holds it pure, but a chemist writes its formula. The card says so.
    pub in_solution: bool,
}

impl Entry {
    /// Whether this edition of the chemist's rules documents the formula.
    pub fn in_edition(&self, edition: u8) -> bool {
        self.editions.contains(edition)
    }

    /// The textbook's tile orders this edition of the chemist's rules takes (none when the
    /// edition does not document the formula).
    pub fn written_in(&self, edition: u8) -> impl Iterator<Item = &Vec<Element>> {
        let documented = self.in_edition(edition);
        self.written
            .iter()
            .zip(&self.written_editions)
            .filter(move |(_, e)| documented && e.contains(edition))
            .map(|(order, _)| order)
    }
}

/// Whether every character is one a SMILES string may hold: element symbols, digits, bonds,
/// branches, brackets, charges, ring numbers over 9, stereo marks and the dot of a salt.
fn is_smiles(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= MAX_STRUCTURE_CHARS
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"()[]=#$@+-.%/\\:*".contains(&b))
}

/// The documented substances, by formula: names most common first.
#[derive(Clone, Debug, Default)]
pub struct Substances {
    /// Sorted by counts, for binary search.
    entries: Vec<(Counts, Entry)>,
}

impl Substances {
    /// Reads the table text; any bad line refuses the whole table (a game without the table
    /// still plays: every name is then systematic or none).
    ///
    /// A line is `formula TAB substances [TAB tags]`: the formula in any order of element
    /// symbols and counts (the table writes Hill order), substances separated by `|`, each
    /// substance's names by `;`, the preferred first; tags separated by spaces: `as=NaHCO3`
    /// (a textbook's order of the tiles), `gas-phase`, `alloy`, and from version 3 `m=801I`,
    /// `b=1465I`, `d=2170I` (melting and boiling point in °C, density in kg/m³, each followed
    /// by its [`Source`]'s letter), and from version 4 `smiles=CCO|COC` (each substance's
    /// structure, `-` for none), `since=2` and `until=1` (the editions of the chemist's rules
    /// that document the formula), `in-solution`, and editions after an order
    /// (`as=HOCl,since=2`). A version 2 or 3 table reads, without what came after it.
    pub fn parse(text: &str) -> Result<Substances, TableError> {
        if text.len() > MAX_TABLE_BYTES {
            return Err(TableError::TooLarge { bytes: text.len() });
        }
        let mut lines = text.lines().enumerate();
        let first = match lines.next() {
            Some((_, first)) if first.starts_with(TABLE_FORMAT) => first,
            _ => return Err(TableError::MissingHeader),
        };
        let is = |header: &str| {
            first.starts_with(header)
                && !first[header.len()..].starts_with(|c: char| c.is_ascii_digit())
        };
        let version: u8 = if is(TABLE_HEADER) {
            4
        } else if is(TABLE_HEADER_V3) {
            3
        } else if is(TABLE_HEADER_V2) {
            2
        } else {
            let version: String = first[TABLE_FORMAT.len()..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != ':')
                .take(12)
                .collect();
            return Err(TableError::UnknownVersion(version));
        };
        let mut entries: Vec<(Counts, Entry, usize)> = Vec::new();
        for (k, line) in lines {
            let line_number = k + 1;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if entries.len() >= MAX_ENTRIES {
                return Err(TableError::TooManyEntries);
            }
            let bad = |problem| TableError::BadLine {
                line: line_number,
                problem,
            };
            let (formula, rest) = line.split_once('\t').ok_or(bad(LineProblem::NoTab))?;
            let (names, tags) = rest.split_once('\t').unwrap_or((rest, ""));
            let counts = parse_formula(formula).map_err(bad)?;
            let substances: Vec<Vec<String>> = names
                .split('|')
                .map(|s| s.split(';').map(|n| n.trim().to_string()).collect())
                .collect();
            let total: usize = substances.iter().map(Vec::len).sum();
            if total > MAX_NAMES_PER_ENTRY {
                return Err(bad(LineProblem::TooManyNames(total)));
            }
            for name in substances.iter().flatten() {
                if name.is_empty() {
                    return Err(bad(LineProblem::NoNames));
                }
                if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
                    let shown: String = name.chars().take(40).filter(|c| !c.is_control()).collect();
                    return Err(bad(LineProblem::BadName(shown)));
                }
            }
            let mut entry = Entry {
                preferred: substances.iter().map(|s| s[0].clone()).collect(),
                structures: vec![None; substances.len()],
                substances,
                ..Entry::default()
            };
            // which of the version 4 line tags were seen: since=, until=, smiles=, in-solution
            let mut seen = [false; 4];
            for tag in tags.split_whitespace() {
                let tag_problem = || bad(LineProblem::BadTag(tag.chars().take(40).collect()));
                let edition_problem =
                    || bad(LineProblem::BadEdition(tag.chars().take(40).collect()));
                let mut once = |slot: usize| {
                    if version < 4 || seen[slot] {
                        return Err(tag_problem());
                    }
                    seen[slot] = true;
                    Ok(())
                };
                let value = |slot: &mut Option<Reading>, text: &str, low, high| {
                    if version < 3 || slot.is_some() {
                        return Err(tag_problem());
                    }
                    *slot = Some(reading(text, low, high).ok_or_else(tag_problem)?);
                    Ok(())
                };
                match tag {
                    "gas-phase" => entry.only = Some(Only::GasPhase),
                    "alloy" => entry.only = Some(Only::Alloy),
                    "in-solution" => {
                        once(3)?;
                        entry.in_solution = true;
                    }
                    _ if tag.starts_with("since=") || tag.starts_with("until=") => {
                        once(usize::from(tag.starts_with("until=")))?;
                        entry.editions =
                            entry.editions.qualified(tag).ok_or_else(edition_problem)?;
                    }
                    _ if tag.starts_with("smiles=") => {
                        once(2)?;
                        entry.structures =
                            structures(&tag[7..], entry.substances.len()).map_err(bad)?;
                    }
                    _ if tag.starts_with("m=") => {
                        value(&mut entry.measured.melting, &tag[2..], COLDEST_C, HOTTEST_C)?
                    }
                    _ if tag.starts_with("b=") => {
                        value(&mut entry.measured.boiling, &tag[2..], COLDEST_C, HOTTEST_C)?
                    }
                    _ if tag.starts_with("d=") => value(
                        &mut entry.measured.density,
                        &tag[2..],
                        f64::MIN_POSITIVE,
                        DENSEST,
                    )?,
                    _ => {
                        // as=ORDER, from version 4 maybe with its editions: as=HOCl,since=2
                        let mut parts = tag.split(',');
                        let order = parts
                            .next()
                            .and_then(|f| f.strip_prefix("as="))
                            .and_then(|f| parse_sequence(f).ok())
                            .filter(|order| counts_of(order) == counts)
                            .ok_or_else(tag_problem)?;
                        let mut editions = Editions::default();
                        let mut qualifiers = 0;
                        for part in parts {
                            qualifiers += 1;
                            if version < 4 {
                                return Err(tag_problem());
                            }
                            editions = editions.qualified(part).ok_or_else(edition_problem)?;
                        }
                        if entry.written.len() >= MAX_NAMES_PER_ENTRY || qualifiers > 2 {
                            return Err(tag_problem());
                        }
                        entry.written.push(order);
                        entry.written_editions.push(editions);
                    }
                }
            }
            entries.push((counts, entry, line_number));
        }
        entries.sort_by(|a, b| a.0.cmp(&b.0).then(a.2.cmp(&b.2)));
        for pair in entries.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(TableError::BadLine {
                    line: pair[1].2,
                    problem: LineProblem::Repeated(hill_formula(&pair[0].0)),
                });
            }
        }
        Ok(Substances {
            entries: entries.into_iter().map(|(c, e, _)| (c, e)).collect(),
        })
    }

    /// The preferred name of each documented substance with this multiset, most common
    /// first; empty when none.
    pub fn lookup(&self, counts: &Counts) -> &[String] {
        self.entry(counts).map_or(&[], |e| &e.preferred)
    }

    /// Everything the table says of this multiset, whichever editions document it.
    pub fn entry(&self, counts: &Counts) -> Option<&Entry> {
        match self.entries.binary_search_by(|(c, _)| c.cmp(counts)) {
            Ok(i) => Some(&self.entries[i].1),
            Err(_) => None,
        }
    }

    /// The entry of this multiset when this edition of the chemist's rules documents it.
    pub fn entry_in(&self, counts: &Counts, edition: u8) -> Option<&Entry> {
        self.entry(counts).filter(|e| e.in_edition(edition))
    }

    /// Every formula of the table, in the order of their counts.
    pub fn iter(&self) -> impl Iterator<Item = (&Counts, &Entry)> {
        self.entries.iter().map(|(c, e)| (c, e))
    }

    /// How many formulas the table names.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many names in all.
    pub fn name_count(&self) -> usize {
        self.entries
            .iter()
            .map(|(_, e)| e.substances.iter().map(Vec::len).sum::<usize>())
            .sum()
    }
}

/// `CCO|COC|-`: one structure per substance, `-` for none.
fn structures(text: &str, substances: usize) -> Result<Vec<Option<String>>, LineProblem> {
    let mut out = Vec::new();
    for part in text.split('|') {
        if out.len() >= substances {
            return Err(LineProblem::StructureCount {
                substances,
                structures: text.split('|').count(),
            });
        }
        if part == "-" {
            out.push(None);
        } else if is_smiles(part) {
            out.push(Some(part.to_string()));
        } else {
            let shown: String = part.chars().take(40).filter(|c| !c.is_control()).collect();
            return Err(LineProblem::BadStructure(shown));
        }
    }
    if out.len() != substances {
        return Err(LineProblem::StructureCount {
            substances,
            structures: out.len(),
        });
    }
    Ok(out)
}

/// "NaHCO3" → Na·H·C·O·O·O: symbols each followed by an optional count that repeats it, in
/// the order written; at most [`MAX_ATOMS`] tiles.
pub fn parse_sequence(text: &str) -> Result<Vec<Element>, LineProblem> {
    let counts = parse_formula(text)?;
    let mut out = Vec::with_capacity(MAX_ATOMS);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let mut end = i + 1;
        if end < bytes.len() && bytes[end].is_ascii_lowercase() {
            end += 1;
        }
        let element = Element::from_symbol(&text[i..end])
            .ok_or_else(|| LineProblem::UnknownElement(text[i..end].to_string()))?;
        let mut digits_end = end;
        while digits_end < bytes.len() && bytes[digits_end].is_ascii_digit() {
            digits_end += 1;
        }
        let count = text[end..digits_end].parse::<usize>().unwrap_or(1);
        out.extend(std::iter::repeat_n(element, count));
        i = digits_end;
    }
    debug_assert_eq!(counts_of(&out), counts);
    Ok(out)
}

/// "C2H6O" → counts: element symbols each followed by an optional count, our 33 elements only.
pub fn parse_formula(text: &str) -> Result<Counts, LineProblem> {
    let mut counts = [0u8; Element::COUNT];
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut total = 0usize;
    let bad = || LineProblem::BadFormula(text.chars().take(40).collect());
    if text.is_empty() {
        return Err(bad());
    }
    while i < bytes.len() {
        if !bytes[i].is_ascii_uppercase() {
            return Err(bad());
        }
        let mut end = i + 1;
        if end < bytes.len() && bytes[end].is_ascii_lowercase() {
            end += 1;
        }
        let symbol = &text[i..end];
        let element = Element::from_symbol(symbol)
            .ok_or_else(|| LineProblem::UnknownElement(symbol.to_string()))?;
        let mut digits_end = end;
        while digits_end < bytes.len() && bytes[digits_end].is_ascii_digit() {
            digits_end += 1;
        }
        let count = if digits_end == end {
            1
        } else {
            // at most two digits: no formula of ours needs more, and no overflow either
            if digits_end - end > 2 {
                return Err(bad());
            }
            text[end..digits_end].parse::<usize>().map_err(|_| bad())?
        };
        if count == 0 {
            return Err(bad());
        }
        total += count;
        if total > MAX_ATOMS {
            return Err(LineProblem::TooManyAtoms(total));
        }
        counts[element.index()] += count as u8;
        i = digits_end;
    }
    Ok(counts)
}

/// Hill order: carbon, then hydrogen, then the rest alphabetically (alphabetically throughout
/// without carbon). The table's keys and the card's canonical formula use it.
pub fn hill_order(counts: &Counts) -> Vec<(Element, u8)> {
    let mut present: Vec<(Element, u8)> = Element::ALL
        .iter()
        .filter(|e| counts[e.index()] > 0)
        .map(|&e| (e, counts[e.index()]))
        .collect();
    let carbon = counts[Element::C.index()] > 0;
    let key = |e: Element| match (carbon, e) {
        (true, Element::C) => (0, ""),
        (true, Element::H) => (1, ""),
        _ => (2, e.symbol()),
    };
    crate::sort_short(&mut present, |a, b| key(a.0) < key(b.0));
    present
}

/// "C2H6O": the table's key.
/// The atoms as tiles in Hill order (C, H, then alphabetically; alphabetically without carbon).
pub fn hill_tiles(counts: &Counts) -> Vec<Element> {
    hill_order(counts)
        .into_iter()
        .flat_map(|(e, n)| std::iter::repeat_n(e, usize::from(n)))
        .collect()
}

pub fn hill_formula(counts: &Counts) -> String {
    hill_order(counts)
        .iter()
        .map(|&(e, n)| {
            if n > 1 {
                format!("{}{n}", e.symbol())
            } else {
                e.symbol().to_string()
            }
        })
        .collect()
}
