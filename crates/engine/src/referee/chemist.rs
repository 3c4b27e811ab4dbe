//! The chemist's referee (RULES §11): a formula counts when its atoms are a documented
//! substance and its tiles are in a conventional order.
//!
//! The rules have editions ([`Edition`]): every game, Daily result and table link played under
//! them says which, and is judged by that edition's rules for good, so no saved game changes
//! its verdicts when the rules grow.
//!
//! The accepted sequences are a lexicon, built once from the table of documented substances
//! ([`Lexicon::build`]) into a trie per edition ([`crate::lexicon::Trie`]): judging is a walk of
//! the edition's trie, and the move generator walks the same trie as it lays tiles. The engine
//! holds one lexicon per process, installed once ([`install`]) by whoever has the table: the
//! command line from the committed file, the worker when its script hands the table over.

use std::sync::OnceLock;

use super::card::{card_index_of_counts, CARD};
use crate::elements::Element::{self, *};
use crate::lexicon::Trie;
use crate::substances::{counts_of, hill_tiles, Counts, Entry, Only, Substances, MAX_ATOMS};

/// A version of the chemist's rules. A record, a Daily result or a table link says which one
/// its game is played under (no word: [`Edition::Atoms`]), and this build judges it by that
/// edition's rules, so an old game replays exactly as it was played. Stored only as
/// [`Edition::number`]; every decision on it is an exhaustive `match`, so a third edition fails
/// to compile wherever it is not yet handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edition {
    /// The first rules: a documented substance's atoms in one of the orders its conventions
    /// give them, element by element (Zn·N·N·O·O·O·O·O·O, N·H·H·H·H·H·O for NH₄OH).
    Atoms = 1,
    /// The rules of RULES §11's condensed writings: a writing counts when it reads the
    /// substance's structure as chemists condense it; an ionic compound ion by ion.
    Structures = 2,
}

impl Edition {
    /// The edition every new game is played under.
    pub const CURRENT: Edition = Edition::Structures;

    /// Every edition, oldest first.
    pub const ALL: [Edition; 2] = [Edition::Atoms, Edition::Structures];

    /// The conventions this edition's writings follow, in the order How to play explains them.
    pub fn conventions(self) -> &'static [Convention] {
        match self {
            Edition::Atoms => &[
                Convention::Card,
                Convention::Textbook,
                Convention::Acid,
                Convention::Hydroxide,
                Convention::Ammonium,
                Convention::Sequence,
                Convention::Hill,
            ],
            Edition::Structures => &[
                Convention::Card,
                Convention::IonByIon,
                Convention::Condensed,
                Convention::Hill,
                Convention::Acid,
                Convention::Sequence,
                Convention::Textbook,
            ],
        }
    }

    /// The number records, Daily results and table links store: 1, 2, …
    pub fn number(self) -> u8 {
        match self {
            Edition::Atoms => 1,
            Edition::Structures => 2,
        }
    }

    /// The edition stored as `number`; `None` for a number this build does not know (a later
    /// build's rules, which it can't judge by).
    pub fn from_number(number: u64) -> Option<Edition> {
        Edition::ALL
            .into_iter()
            .find(|e| u64::from(e.number()) == number)
    }
}

/// IUPAC's element sequence (Red Book 2005, Table VI), most electropositive first, as far as
/// the game's 33 elements go: alkali and alkaline-earth metals (heavier first), then the
/// transition metals group by group, Al, then groups 14 and 15 (heavier first), hydrogen in
/// its own place, sulfur, the halogens (heavier first), oxygen and fluorine. Oxygen stands
/// after chlorine as in the 1990 edition (and every textbook's NaClO₃, ClO₂); the 2005
/// edition moved it before the halogens. Helium and neon, which form no compounds, lead.
pub const SEQUENCE: [Element; Element::COUNT] = [
    He, Ne, K, Na, Li, Ba, Ca, Mg, U, Cr, Mn, Fe, Pt, Ni, Au, Ag, Cu, Hg, Zn, Al, Pb, Sn, Si, C, P,
    N, H, S, I, Br, Cl, O, F,
];

fn rank(e: Element) -> usize {
    SEQUENCE
        .iter()
        .position(|&x| x == e)
        .unwrap_or(SEQUENCE.len())
}

/// The metals among the 33 (Si counts as a nonmetal here).
pub fn is_metal(e: Element) -> bool {
    e.is_metal()
}

/// Which convention makes an order conventional; each is one sentence for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The 42 card substances: the card's order, and only it.
    Card,
    /// The order the game's substance list writes (a textbook's: NaHCO₃, CH₃COOH).
    Textbook,
    /// An oxoacid: hydrogens first, then the central element, then oxygen.
    Acid,
    /// A metal hydroxide: the metal, then O·H for each hydroxide.
    Hydroxide,
    /// An ammonium salt: N·H·H·H·H first, then the rest by the element sequence.
    Ammonium,
    /// Any substance: elements from the most electropositive to the most electronegative.
    Sequence,
    /// A compound of carbon and hydrogen: C, H, then the rest alphabetically.
    Hill,
    /// An ionic compound: the cation, then each polyatomic ion as a unit, repeated.
    IonByIon,
    /// A structure condensed: each atom with its own hydrogens after it, along the chain.
    Condensed,
}

impl Convention {
    pub const ALL: [Convention; 9] = [
        Convention::Card,
        Convention::Textbook,
        Convention::Acid,
        Convention::Hydroxide,
        Convention::Ammonium,
        Convention::Sequence,
        Convention::Hill,
        Convention::IonByIon,
        Convention::Condensed,
    ];

    /// The rule in one sentence, as RULES §11 and the How to play page say it.
    pub fn sentence(self) -> &'static str {
        match self {
            Convention::Card => {
                "A substance on the reference card always counts in the card's order (Na·Cl, \
                 H·H·O, Ca·C·O·O·O)."
            }
            Convention::Textbook => {
                "An inorganic substance may also be played as a chemistry textbook writes its \
                 formula, tile by tile (H·H·C·O·O·O for carbonic acid, H₂CO₃)."
            }
            Convention::Acid => {
                "An oxoacid (hydrogen, oxygen and one other nonmetal, no more hydrogens than \
                 oxygens) puts its hydrogens first, then the other element, then oxygen \
                 (H·N·O·O·O, H·H·H·P·O·O·O·O)."
            }
            Convention::Hydroxide => {
                "A metal hydroxide is the metal, then O·H for each hydroxide (Na·O·H, \
                 Ca·O·H·O·H)."
            }
            Convention::Ammonium => {
                "An ammonium salt starts with N·H·H·H·H, and the rest follows the element \
                 sequence (N·H·H·H·H·Cl, N·H·H·H·H·N·O·O·O)."
            }
            Convention::Sequence => {
                "Otherwise the elements go from the most electropositive to the most \
                 electronegative, each element's tiles together: metals first, then Si, C, P, N, \
                 H, S, I, Br, Cl, O, F (Fe·Fe·Fe·O·O·O·O, Si·Cl·Cl·Cl·Cl)."
            }
            Convention::Hill => {
                "A compound of carbon and hydrogen may also be played in Hill order: carbon, \
                 hydrogen, then the other elements alphabetically (C·C·H·H·H·H·H·H·O)."
            }
            Convention::IonByIon => {
                "An ionic compound is written ion by ion: the cation first, then each \
                 polyatomic ion as a unit, repeated for its number, hydrogen where it stands in \
                 its ion (Zn·N·O·O·O·N·O·O·O for Zn(NO₃)₂, K·H·H·P·O·O·O·O for KH₂PO₄)."
            }
            Convention::Condensed => {
                "A molecule may be written along its chain, each C, N or O with its own \
                 hydrogens right after it, branches where they hang (C·H·H·H·C·H·H·O·H for \
                 CH₃CH₂OH, H·O·C·H·H·C·H·H·O·H for HOCH₂CH₂OH); the first atom may have its \
                 hydrogens before it."
            }
        }
    }

    /// A few words for a refusal's way out: "play Na·O·H (a hydroxide: the metal, then O·H)".
    pub fn reason(self) -> &'static str {
        match self {
            Convention::Card => "the reference card's order",
            Convention::Textbook => "as the textbook writes it",
            Convention::Acid => "an acid: hydrogens first",
            Convention::Hydroxide => "a hydroxide: the metal, then O·H",
            Convention::Ammonium => "ammonium first",
            Convention::Sequence => "the electropositive element first",
            Convention::Hill => "carbon, hydrogen, then the rest alphabetically",
            Convention::IonByIon => "ion by ion",
            Convention::Condensed => "along the chain",
        }
    }
}

fn present(counts: &Counts) -> Vec<(Element, u8)> {
    Element::ALL
        .iter()
        .filter(|e| counts[e.index()] > 0)
        .map(|&e| (e, counts[e.index()]))
        .collect()
}

fn by_sequence(counts: &Counts) -> Vec<Element> {
    let mut parts = present(counts);
    parts.sort_by_key(|&(e, _)| rank(e));
    parts
        .into_iter()
        .flat_map(|(e, n)| std::iter::repeat_n(e, usize::from(n)))
        .collect()
}

fn acid(counts: &Counts) -> Option<Vec<Element>> {
    let parts = present(counts);
    let (h, o) = (counts[H.index()], counts[O.index()]);
    let others: Vec<(Element, u8)> = parts
        .iter()
        .copied()
        .filter(|&(e, _)| e != H && e != O)
        .collect();
    match others.as_slice() {
        [(x, n)] if h >= 1 && o >= h && matches!(x, N | P | S | Cl | Br | I | Si) => {
            let mut out = vec![H; usize::from(h)];
            out.extend(std::iter::repeat_n(*x, usize::from(*n)));
            out.extend(std::iter::repeat_n(O, usize::from(o)));
            Some(out)
        }
        _ => None,
    }
}

fn hydroxide(counts: &Counts) -> Option<Vec<Element>> {
    let parts = present(counts);
    let (h, o) = (counts[H.index()], counts[O.index()]);
    if h == 0 || h != o || parts.len() != 3 {
        return None;
    }
    let (metal, m) = parts.iter().copied().find(|&(e, _)| e != H && e != O)?;
    if !is_metal(metal) {
        return None;
    }
    let mut out = vec![metal; usize::from(m)];
    for _ in 0..h {
        out.extend([O, H]);
    }
    Some(out)
}

fn ammonium(counts: &Counts) -> Option<Vec<Element>> {
    let (n, h) = (counts[N.index()], counts[H.index()]);
    let rest_kinds = present(counts)
        .iter()
        .filter(|&&(e, _)| e != N && e != H)
        .count();
    if n == 0 || h < 4 || counts[C.index()] > 0 || rest_kinds == 0 {
        return None;
    }
    let mut rest = *counts;
    rest[N.index()] -= 1;
    rest[H.index()] -= 4;
    let mut out = vec![N, H, H, H, H];
    out.extend(by_sequence(&rest));
    Some(out)
}

fn hill(counts: &Counts) -> Option<Vec<Element>> {
    (counts[C.index()] > 0 && counts[H.index()] > 0).then(|| hill_tiles(counts))
}

/// Every conventional order of a documented substance with these atoms, the one a refusal
/// offers first, each with the convention that makes it so. `written` are the orders the
/// substance table records for it (the textbook's).
pub fn conventional_orders(
    counts: &Counts,
    written: &[Vec<Element>],
) -> Vec<(Convention, Vec<Element>)> {
    match card_index_of_counts(counts) {
        Some(i) => vec![(Convention::Card, CARD[i].tiles.to_vec())],
        None => systematic_orders(counts, written),
    }
}

/// The orders the conventions after the card's give these atoms (the textbook's, the
/// acid's, hydroxide's, ammonium's or the element sequence's, and Hill's), whether or not they
/// are on the card: every card order is among its own (a test says so).
pub fn systematic_orders(
    counts: &Counts,
    written: &[Vec<Element>],
) -> Vec<(Convention, Vec<Element>)> {
    let mut out: Vec<(Convention, Vec<Element>)> = Vec::new();
    let mut add = |convention, order: Vec<Element>| {
        if !out.iter().any(|(_, o)| *o == order) {
            out.push((convention, order));
        }
    };
    for order in written {
        add(Convention::Textbook, order.clone());
    }
    let systematic = acid(counts)
        .map(|o| (Convention::Acid, o))
        .or_else(|| hydroxide(counts).map(|o| (Convention::Hydroxide, o)))
        .or_else(|| ammonium(counts).map(|o| (Convention::Ammonium, o)))
        .unwrap_or_else(|| (Convention::Sequence, by_sequence(counts)));
    add(systematic.0, systematic.1);
    if let Some(order) = hill(counts) {
        add(Convention::Hill, order);
    }
    out
}

/// Each of the entry's substances with a structure whose atoms are the entry's, with the
/// condensed writings of that structure ([`crate::molecule::condensed::writings`]), in the
/// entry's order (most common first).
pub fn structure_writings(counts: &Counts, entry: &Entry) -> Vec<(usize, Vec<Vec<Element>>)> {
    entry
        .structures
        .iter()
        .enumerate()
        .filter_map(|(k, text)| {
            let molecule = crate::molecule::smiles::parse(text.as_deref()?).ok()?;
            let writings: Vec<Vec<Element>> = crate::molecule::condensed::writings(&molecule)
                .into_iter()
                .filter(|w| counts_of(w) == *counts)
                .collect();
            (!writings.is_empty()).then_some((k, writings))
        })
        .collect()
}

/// Whether a substance is organic for the rules of writing: a hydrogen bonded to a carbon in
/// its (first) structure; without one, carbon and hydrogen both present. Carbonic and oxalic
/// acids, whose hydrogens are on oxygen, are written as the inorganic acids are.
fn organic(counts: &Counts, entry: &Entry) -> bool {
    let parsed = entry
        .structures
        .iter()
        .flatten()
        .find_map(|text| crate::molecule::smiles::parse(text).ok());
    match parsed {
        Some(molecule) => molecule.bonds.iter().any(|b| {
            let pair = (molecule.atoms.get(b.a), molecule.atoms.get(b.b));
            matches!(pair, (Some(C), Some(H)) | (Some(H), Some(C)))
        }),
        None => counts[C.index()] > 0 && counts[H.index()] > 0,
    }
}

/// The writing of a structure a refusal offers: a carbon first (CH₃CH₂OH), else the first
/// atom's hydrogens before it (HOCH₂CH₂OH, H₂NCH₂COOH), then no long run of one element
/// (CH₃CH₂OH before C₂H₅OH), then the tiles' order.
fn offered_first(writing: &[Element]) -> (u8, usize, Vec<usize>) {
    let mut longest = 0;
    let mut run = 0;
    for (k, e) in writing.iter().enumerate() {
        run = if k > 0 && writing[k - 1] == *e {
            run + 1
        } else {
            1
        };
        longest = longest.max(run);
    }
    let class = match writing.iter().find(|&&e| e != H) {
        Some(&C) if writing.first() == Some(&C) => 0,
        Some(_) if writing.first() == Some(&H) => 1,
        _ => 2,
    };
    (class, longest, writing.iter().map(|e| e.index()).collect())
}

/// The orders [`Edition::Structures`] accepts for a documented substance with these atoms, the
/// one a refusal offers first, each with the convention that makes it so (RULES §11):
/// - an ionic compound ion by ion, and only so ([`super::ionic::ionic_writings`]);
/// - else the condensed writings of each substance's structure;
/// - a metal compound that is neither: the textbook's orders, else the element sequence;
/// - an organic substance (a C–H bond): its Hill formula too; an inorganic molecule: the
///   textbook's orders, an oxoacid's hydrogens first, and the element sequence.
///
/// No organic order is listed by hand: the textbook's orders count only for inorganic ones.
pub fn structures_orders(counts: &Counts, entry: &Entry) -> Vec<(Convention, Vec<Element>)> {
    let mut out: Vec<(Convention, Vec<Element>)> = Vec::new();
    let mut add = |convention, order: Vec<Element>| {
        if !out.iter().any(|(_, o)| *o == order) {
            out.push((convention, order));
        }
    };
    let metal = Element::ALL
        .iter()
        .any(|e| counts[e.index()] > 0 && e.is_metal());
    // a substance whose structure is one molecule (urea, not ammonium cyanate) is no salt
    let first = entry.structures.iter().flatten().next();
    let salt = metal || first.is_none_or(|s| s.contains('.'));
    if let Some(writings) = super::ionic::ionic_writings(counts).filter(|_| salt) {
        for writing in writings {
            add(Convention::IonByIon, writing);
        }
        return out;
    }
    let organic = organic(counts, entry);
    let mut condensed: Vec<Vec<Element>> = Vec::new();
    for (_, mut writings) in structure_writings(counts, entry) {
        writings.sort_by_key(|w| offered_first(w));
        condensed.extend(writings);
    }
    let textbook: Vec<Vec<Element>> = entry.written_in(2).cloned().collect();
    if metal {
        // only an organic part is written along its chain (CH₃COONa); U·F·F·F·F·F·F is no chain
        if !organic {
            condensed.clear();
        }
        let none = condensed.is_empty();
        for writing in condensed {
            add(Convention::Condensed, writing);
        }
        if none && textbook.is_empty() {
            add(Convention::Sequence, by_sequence(counts));
        }
        if none {
            for order in textbook {
                add(Convention::Textbook, order);
            }
        }
        return out;
    }
    if organic {
        for writing in condensed {
            add(Convention::Condensed, writing);
        }
        if let Some(order) = hill(counts) {
            add(Convention::Hill, order);
        }
        return out;
    }
    for order in textbook {
        add(Convention::Textbook, order);
    }
    if let Some(order) = acid(counts) {
        add(Convention::Acid, order);
    }
    add(Convention::Sequence, by_sequence(counts));
    // a molecule with carbon and hydrogen also as its Hill formula (CH₄N₂O for urea)
    if let Some(order) = hill(counts) {
        add(Convention::Hill, order);
    }
    // an inorganic molecule along its chain only for its hydrogens' sake (HOCl, HOOH): O·C is
    // no way to write CO
    if counts[H.index()] > 0 {
        for writing in condensed {
            add(Convention::Condensed, writing);
        }
    }
    out
}

/// The orders `edition` accepts for a documented substance with these atoms (none of the
/// card's: every edition takes the card's 42 in the card's order).
pub fn orders_in(
    edition: Edition,
    counts: &Counts,
    entry: &Entry,
) -> Vec<(Convention, Vec<Element>)> {
    match edition {
        Edition::Atoms => {
            let written: Vec<Vec<Element>> = entry.written_in(1).cloned().collect();
            conventional_orders(counts, &written)
        }
        Edition::Structures => structures_orders(counts, entry),
    }
}

/// What the lexicon knows of one multiset.
#[derive(Clone, Debug)]
pub struct Known {
    /// The substance's preferred name (the table's, else the card's in lower case).
    pub name: String,
    /// The order a refusal offers, and why; none for a formula that is no substance.
    pub play: Option<(Convention, Vec<Element>)>,
    /// Set for a formula the table names but that is no substance (Na₂, an alloy).
    pub only: Option<Only>,
    /// Whether the table knows several substances (isomers) with these atoms: a refusal then
    /// never says which one the tiles are.
    pub several: bool,
}

/// One edition's accepted tile sequences, as a trie, and per multiset the order to offer when
/// the tiles are right but their order is not.
#[derive(Clone, Debug, Default)]
struct Book {
    trie: Trie,
    known: Vec<(Counts, Known)>,
    // `trie` with the documented ions added, built when a walk under Ion Rules first needs it
    with_ions: OnceLock<Trie>,
}

fn code(order: &[Element]) -> Vec<u8> {
    order.iter().map(|e| e.index() as u8).collect()
}

impl Book {
    fn new(sequences: Vec<Vec<u8>>, known: Vec<(Counts, Known)>) -> Book {
        Book::with_trie(Trie::from_sequences(sequences), known)
    }

    fn with_trie(trie: Trie, mut known: Vec<(Counts, Known)>) -> Book {
        known.sort_by_key(|a| a.0);
        Book {
            trie,
            known,
            with_ions: OnceLock::new(),
        }
    }

    /// `edition`'s book from the table (the card's 42 are in it whatever the table holds).
    fn build(table: Option<&Substances>, edition: Edition) -> Book {
        let mut known: Vec<(Counts, Known)> = Vec::new();
        let mut sequences: Vec<Vec<u8>> = Vec::new();
        for card in CARD.iter() {
            let counts = counts_of(card.tiles);
            let name = table
                .and_then(|t| t.lookup(&counts).first().cloned())
                .unwrap_or_else(|| card.name.to_lowercase());
            sequences.push(code(card.tiles));
            // edition 2 takes a card substance's other writings too (CH₃CH₂OH beside the card's)
            let entry = table.and_then(|t| t.entry_in(&counts, edition.number()));
            match (edition, entry) {
                (Edition::Structures, Some(entry)) => {
                    for (_, order) in structures_orders(&counts, entry) {
                        sequences.push(code(&order));
                    }
                }
                (Edition::Structures, None) | (Edition::Atoms, _) => {}
            }
            known.push((
                counts,
                Known {
                    name,
                    play: Some((Convention::Card, card.tiles.to_vec())),
                    only: None,
                    several: false,
                },
            ));
        }
        for (counts, entry) in table.into_iter().flat_map(Substances::iter) {
            if card_index_of_counts(counts).is_some()
                || counts.iter().sum::<u8>() < 2
                || !entry.in_edition(edition.number())
            {
                continue;
            }
            let name = entry.preferred.first().cloned().unwrap_or_default();
            if entry.only.is_some() {
                known.push((
                    *counts,
                    Known {
                        name,
                        play: None,
                        only: entry.only,
                        several: false,
                    },
                ));
                continue;
            }
            let orders = orders_in(edition, counts, entry);
            for (_, order) in &orders {
                sequences.push(code(order));
            }
            known.push((
                *counts,
                Known {
                    name,
                    play: orders.into_iter().next(),
                    only: None,
                    several: entry.substances.len() > 1,
                },
            ));
        }
        Book::new(sequences, known)
    }

    fn known(&self, tiles: &[Element]) -> Option<&Known> {
        if tiles.len() > MAX_ATOMS {
            return None;
        }
        let counts = counts_of(tiles);
        self.known
            .binary_search_by(|(c, _)| c.cmp(&counts))
            .ok()
            .map(|i| &self.known[i].1)
    }

    fn trie_with_ions(&self, edition: Edition) -> &Trie {
        self.with_ions.get_or_init(|| {
            let mut sequences = self.trie.sequences();
            for ion in super::ions::documented() {
                match edition {
                    // edition 1 took each ion in the textbook's order alone
                    Edition::Atoms => sequences.push(code(&ion.tiles)),
                    Edition::Structures => sequences.extend(ion.writings().map(code)),
                }
            }
            Trie::from_sequences(sequences)
        })
    }

    /// Every accepted sequence, by multiset.
    fn sequences(&self) -> Vec<(Counts, Vec<Element>)> {
        let mut sequences: Vec<(Counts, Vec<Element>)> = Vec::new();
        let mut stack = vec![(crate::lexicon::ROOT, Vec::new())];
        while let Some((node, path)) = stack.pop() {
            if self.trie.is_end(node) {
                sequences.push((counts_of(&path), path.clone()));
            }
            for e in Element::ALL {
                let child = self.trie.child(node, e.index() as u8);
                if child != crate::lexicon::NO_NODE {
                    let mut next = path.clone();
                    next.push(e);
                    stack.push((child, next));
                }
            }
        }
        sequences.sort();
        sequences
    }

    /// A line per multiset, without its ending, in the order of the multisets: its tag, the
    /// order a refusal offers, and with `all_orders` every other accepted order; then its
    /// name ([`Lexicon::to_text`] writes them without the other orders, which its trie holds).
    fn lines(&self, all_orders: bool) -> Vec<(Counts, String)> {
        let sequences = if all_orders {
            self.sequences()
        } else {
            Vec::new()
        };
        let mut lines = Vec::with_capacity(self.known.len());
        for (counts, known) in &self.known {
            let mut out = String::new();
            let (tag, first) = match (&known.play, known.only) {
                (Some((c, order)), _) => {
                    let at = Convention::ALL.iter().position(|x| x == c).unwrap_or(0);
                    ((b'0' + at as u8) as char, order.clone())
                }
                (None, Some(Only::Alloy)) => ('a', expand(counts)),
                (None, _) => ('g', expand(counts)),
            };
            out.push(tag);
            out.push(' ');
            write_order(&mut out, &first);
            if all_orders && known.play.is_some() {
                let at = sequences.partition_point(|(c, _)| c < counts);
                for (_, order) in sequences[at..].iter().take_while(|(c, _)| c == counts) {
                    if *order != first {
                        out.push(' ');
                        write_order(&mut out, order);
                    }
                }
            }
            out.push('\t');
            out.push_str(&known.name);
            if known.several {
                out.push_str("\t*");
            }
            lines.push((*counts, out));
        }
        lines
    }
}

/// Every accepted tile sequence of the chemist's referee, edition by edition, as a trie, and
/// per multiset the order to offer when the tiles are right but their order is not.
#[derive(Clone, Debug, Default)]
pub struct Lexicon {
    atoms: Book,
    structures: Book,
}

impl Lexicon {
    /// Builds every edition's lexicon from the table (the card's 42 are in each whatever the
    /// table holds).
    pub fn build(table: Option<&Substances>) -> Lexicon {
        Lexicon {
            atoms: Book::build(table, Edition::Atoms),
            structures: Book::build(table, Edition::Structures),
        }
    }

    fn book(&self, edition: Edition) -> &Book {
        match edition {
            Edition::Atoms => &self.atoms,
            Edition::Structures => &self.structures,
        }
    }

    fn book_mut(&mut self, edition: Edition) -> &mut Book {
        match edition {
            Edition::Atoms => &mut self.atoms,
            Edition::Structures => &mut self.structures,
        }
    }

    /// Whether `edition` accepts this exact tile sequence.
    pub fn accepts(&self, tiles: &[Element], edition: Edition) -> bool {
        self.book(edition).trie.contains(tiles)
    }

    /// What `edition` knows of these atoms, in any order.
    pub fn known(&self, tiles: &[Element], edition: Edition) -> Option<&Known> {
        self.book(edition).known(tiles)
    }

    /// The trie of the sequences `edition` accepts, for the move generator.
    pub fn trie(&self, edition: Edition) -> &Trie {
        &self.book(edition).trie
    }

    /// [`Lexicon::trie`] with the documented ions in the textbook's order
    /// ([`super::ions::documented`]), for the move generator under Ion Rules.
    pub fn trie_with_ions(&self, edition: Edition) -> &Trie {
        self.book(edition).trie_with_ions(edition)
    }

    /// How many tile sequences `edition` accepts.
    pub fn len(&self, edition: Edition) -> usize {
        self.book(edition).trie.len()
    }

    /// Whether `edition` accepts no sequence at all.
    pub fn is_empty(&self, edition: Edition) -> bool {
        self.book(edition).trie.is_empty()
    }

    /// How many substances (multisets) `edition` accepts in some order.
    pub fn substances(&self, edition: Edition) -> usize {
        self.book(edition)
            .known
            .iter()
            .filter(|(_, k)| k.play.is_some())
            .count()
    }
}

/// One edition's accepted sequences and multisets as [`Lexicon::from_text`] reads them, before
/// its trie is built.
#[derive(Default)]
struct Pages {
    sequences: Vec<Vec<u8>>,
    known: Vec<(Counts, Known)>,
    trie: Option<Trie>,
}

/// The first line of [`Lexicon::to_text`].
pub const LEXICON_FORMAT: &str = "molscrab-lexicon/3";
/// The format before [`LEXICON_FORMAT`], every accepted order on its multiset's line: still
/// read, for a page and a worker of builds a release apart.
const LEXICON_FORMAT_2: &str = "molscrab-lexicon/2";

/// A [`Lexicon::from_text`] longer than this is refused unread (the whole lexicon is ~1 MB).
pub const MAX_LEXICON_BYTES: usize = 2_000_000;

fn write_order(out: &mut String, order: &[Element]) {
    for e in order {
        out.push_str(e.symbol());
    }
}

/// "NaCl" → Na·Cl: symbols run together (each starts with its capital letter).
fn read_order(text: &str) -> Option<Vec<Element>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let len = if bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase) {
            2
        } else {
            1
        };
        out.push(Element::from_symbol(text.get(i..i + len)?)?);
        i += len;
        if out.len() > MAX_ATOMS {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

impl Lexicon {
    /// Every accepted order of `edition`, a line per multiset: its tag, the order a refusal
    /// offers first and then the others, a tab and the name (what the edition accepts, for a
    /// test to pin).
    pub fn listing(&self, edition: Edition) -> String {
        let mut out = String::new();
        for (_, line) in self.book(edition).lines(true) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// The lexicon as text, for a process that has no table to build it from: the page's
    /// thread, which gets it from the engine's worker (the table's parser and the conventions
    /// would weigh ~23 KB gzip on the page's first load). [`LEXICON_FORMAT`]; per edition a line
    /// with its number, `=` and its trie ([`Trie::to_compact`], read in one pass); then a line
    /// per multiset: a tag (the offered order's convention, a digit as in [`Convention::ALL`],
    /// or `g` / `a` for a gas-phase species or an alloy), the order to offer (for `g` and `a`
    /// the atoms), a tab and the name, and `\t*` when several substances share the atoms. A
    /// line that every edition has alike is written once, as it is; a multiset the editions
    /// know differently has a line for each edition that knows it, starting with the edition's
    /// number and a colon (`2:7 ZnNOOONOOO\tzinc nitrate`).
    pub fn to_text(&self) -> String {
        let books: Vec<(Edition, Vec<(Counts, String)>)> = Edition::ALL
            .iter()
            .map(|&e| (e, self.book(e).lines(false)))
            .collect();
        let mut every: Vec<Counts> = books
            .iter()
            .flat_map(|(_, lines)| lines.iter().map(|(c, _)| *c))
            .collect();
        every.sort();
        every.dedup();
        let mut out = format!("{LEXICON_FORMAT}\n");
        for edition in Edition::ALL {
            out.push_str(&format!(
                "{}={}\n",
                edition.number(),
                self.book(edition).trie.to_compact()
            ));
        }
        for counts in &every {
            let lines: Vec<(Edition, Option<&String>)> = books
                .iter()
                .map(|(e, lines)| {
                    let line = lines
                        .binary_search_by(|(c, _)| c.cmp(counts))
                        .ok()
                        .map(|i| &lines[i].1);
                    (*e, line)
                })
                .collect();
            let alike = lines.windows(2).all(|w| w[0].1 == w[1].1);
            match (alike, lines.first()) {
                (true, Some((_, Some(line)))) => {
                    out.push_str(line);
                    out.push('\n');
                }
                _ => {
                    for (edition, line) in &lines {
                        if let Some(line) = line {
                            out.push_str(&format!("{}:{line}\n", edition.number()));
                        }
                    }
                }
            }
        }
        out
    }

    /// Reads [`Lexicon::to_text`]; says what is wrong with text that is not one, never panics.
    pub fn from_text(text: &str) -> Result<Lexicon, String> {
        if text.len() > MAX_LEXICON_BYTES {
            return Err(format!("it is {} bytes, more than a lexicon", text.len()));
        }
        let mut lines = text.lines();
        let compact = match lines.next() {
            Some(LEXICON_FORMAT) => true,
            Some(LEXICON_FORMAT_2) => false,
            _ => return Err(format!("it does not start with {LEXICON_FORMAT}")),
        };
        let mut read: Vec<Pages> = Edition::ALL.iter().map(|_| Pages::default()).collect();
        for (n, line) in lines.enumerate() {
            let bad = || format!("line {} is not a substance", n + 2);
            // an edition's trie: its number, `=`, the compact text
            if let Some((number, trie)) = line.split_once('=').filter(|_| compact) {
                let edition = number
                    .parse::<u64>()
                    .ok()
                    .and_then(Edition::from_number)
                    .ok_or_else(|| {
                        format!("line {} is for rules this version does not know", n + 2)
                    })?;
                let at = Edition::ALL.iter().position(|&e| e == edition);
                let trie = Trie::from_compact(trie)
                    .ok_or_else(|| format!("line {} is not a lexicon's trie", n + 2))?;
                if let Some(pages) = at.and_then(|at| read.get_mut(at)) {
                    pages.trie = Some(trie);
                }
                continue;
            }
            // the editions the line is about: its number before a colon, or every one
            let (editions, line) = match line.split_once(':') {
                Some((number, rest))
                    if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    let edition = number
                        .parse::<u64>()
                        .ok()
                        .and_then(Edition::from_number)
                        .ok_or_else(|| {
                            format!("line {} is for rules this version does not know", n + 2)
                        })?;
                    (vec![edition], rest)
                }
                _ => (Edition::ALL.to_vec(), line),
            };
            let (head, name) = line.split_once('\t').ok_or_else(bad)?;
            let (name, several) = match name.split_once('\t') {
                Some((name, "*")) => (name, true),
                Some(_) => return Err(bad()),
                None => (name, false),
            };
            let mut words = head.split(' ');
            let tag = words.next().ok_or_else(bad)?;
            let orders: Vec<Vec<Element>> = words
                .map(read_order)
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            let first = orders.first().ok_or_else(bad)?;
            let counts = counts_of(first);
            if orders.iter().any(|o| counts_of(o) != counts) {
                return Err(bad());
            }
            let (play, only) = match tag {
                "a" => (None, Some(Only::Alloy)),
                "g" => (None, Some(Only::GasPhase)),
                _ => {
                    let at = tag
                        .parse::<usize>()
                        .ok()
                        .filter(|&i| i < Convention::ALL.len());
                    let at = at.ok_or_else(bad)?;
                    (Some((Convention::ALL[at], first.clone())), None)
                }
            };
            let name = name.to_string();
            for edition in editions {
                let at = Edition::ALL.iter().position(|&e| e == edition);
                let Some(pages) = at.and_then(|at| read.get_mut(at)) else {
                    continue;
                };
                if play.is_some() {
                    pages.sequences.extend(orders.iter().map(|o| code(o)));
                }
                let name = name.clone();
                pages.known.push((
                    counts,
                    Known {
                        name,
                        play: play.clone(),
                        only,
                        several,
                    },
                ));
            }
        }
        let mut lexicon = Lexicon::default();
        for (edition, pages) in Edition::ALL.into_iter().zip(read) {
            let book = match (compact, pages.trie) {
                (false, _) => Book::new(pages.sequences, pages.known),
                (true, Some(trie)) => {
                    // every order a refusal offers is one the trie accepts
                    let offered = pages.known.iter().filter_map(|(_, k)| k.play.as_ref());
                    if let Some((_, order)) = offered.clone().find(|(_, o)| !trie.contains(o)) {
                        return Err(format!(
                            "edition {} offers {} but does not accept it",
                            edition.number(),
                            super::joined(order)
                        ));
                    }
                    Book::with_trie(trie, pages.known)
                }
                (true, None) => {
                    return Err(format!("it has no trie for edition {}", edition.number()))
                }
            };
            *lexicon.book_mut(edition) = book;
        }
        Ok(lexicon)
    }
}

/// Counts as tiles, in element order.
fn expand(counts: &Counts) -> Vec<Element> {
    Element::ALL
        .iter()
        .flat_map(|&e| std::iter::repeat_n(e, usize::from(counts[e.index()])))
        .collect()
}

static INSTALLED: OnceLock<Lexicon> = OnceLock::new();

/// Installs a lexicon read from its text ([`Lexicon::from_text`]) for the rest of the process,
/// once, as [`install`] does with the table's.
pub fn install_lexicon(lexicon: Lexicon) -> &'static Lexicon {
    INSTALLED.get_or_init(|| lexicon)
}

/// Installs the lexicon built from this table for the rest of the process, once: a later
/// call returns the one installed (the game's table never changes while it runs).
pub fn install(table: &Substances) -> &'static Lexicon {
    INSTALLED.get_or_init(|| Lexicon::build(Some(table)))
}

/// The installed lexicon; `None` until the table has been installed.
pub fn installed() -> Option<&'static Lexicon> {
    INSTALLED.get()
}
