//! Move generation: every legal play for the player to move, with its score (the Biology Bonus included) and formulas.

// After Appel & Jacobson (1988): each line is walked from every square where a formula may
// start, tiles are laid left to right from the rack, and each empty square takes only the
// elements its crossing formula allows (its cross-check). Standard Mode follows a trie of the
// 42 card sequences, the chemist's referee the trie of every accepted order of every
// documented substance (`crate::lexicon`), so a dead prefix stops the walk at once. In Theory Mode a verdict depends
// only on the multiset, so verdicts are cached per multiset and the main formula is judged
// once its run is complete (a partial multiset may still become valid). A Theory-Mode Wild
// Isotope is laid as a placeholder and given its element only then: it scores 0 wherever it
// goes, whatever it is. `best_play` adds branch and bound on what the rack can still add.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::board::{premium, Board, Placement, SIZE, SQUARES, STAR};
use crate::elements::{Element, Tile, RACK_SIZE};
use crate::lexicon::{Node, Trie, NO_NODE, ROOT};
use crate::placement::{run_through, Direction, Run};
use crate::record::Move;
use crate::referee::chemist::Lexicon;
use crate::referee::{
    card_index, ions, judge_ions, theory_check_counts, Edition, Mode, CARD, CARD_MAX_LEN,
};
use crate::scoring::{full_reaction, CLEAN_BENCH};
use crate::turn::ScoredFormula;
use crate::variants::{BIOLOGY_BONUS, HUMAN_BODY_TILES};

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

/// A legal play with what [`Game::play`](crate::game::Game::play) would award for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// In reading order along the play's line.
    pub tiles: Vec<Placement>,
    /// Bonuses included: exactly the turn's score.
    pub score: i32,
    /// Main formula first (a single tile: across before down), then crossings in reading
    /// order, as [`Game::preview_play`](crate::game::Game::preview_play) reports them.
    pub formulas: Vec<ScoredFormula>,
}

impl Candidate {
    /// The play as a record move.
    pub fn to_move(&self) -> Move {
        Move::Play(self.tiles.clone())
    }

    /// Where it goes and what it uses, as [`Found::shape`] says.
    pub fn shape(&self) -> Shape {
        let across = self.tiles.windows(2).all(|w| w[0].row == w[1].row);
        let mut used = [NO_TILE; RACK_SIZE];
        for (slot, p) in used.iter_mut().zip(&self.tiles) {
            *slot = tile_code(p.rack_tile());
        }
        used.sort_unstable();
        let (line, squares) = self.tiles.iter().fold((0, 0u16), |(_, m), p| {
            if across {
                (p.row, m | 1 << p.col)
            } else {
                (p.col, m | 1 << p.row)
            }
        });
        Shape {
            across,
            line,
            squares,
            used,
        }
    }
}

/// Where a play goes (its squares) and which rack tiles it uses, in any order. Plays of one
/// shape differ only in which tile sits on which square (or what a Wild Isotope stands for):
/// a hint or a computer player needs only the best of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    across: bool,
    line: u8,
    // one bit per position along the line
    squares: u16,
    // the rack tiles, sorted; NO_TILE past the last
    used: [u8; RACK_SIZE],
}

const NO_TILE: u8 = u8::MAX;

fn tile_code(t: Tile) -> u8 {
    match t {
        Tile::Element(e) => e.index() as u8,
        Tile::Wild => Element::COUNT as u8,
    }
}

/// Every legal play for the player to move (none once the game is over).
pub fn legal_plays(game: &impl PlayerToMove) -> Vec<Candidate> {
    MoveGenerator::new().legal_plays(game)
}

/// The highest-scoring play, the first found on a tie; `None` when no play is possible.
pub fn best_play(game: &impl PlayerToMove) -> Option<Candidate> {
    MoveGenerator::new().best_play(game)
}

/// Whether the player to move has any legal play at all; stops at the first one found.
pub fn has_legal_play(game: &impl PlayerToMove) -> bool {
    MoveGenerator::new().has_play(game)
}

/// What the generator reads: a board, the rack to play from, the rules (the referee, the table
/// variants that change which formulas count, the chemist's lexicon), and whether emptying the
/// rack earns the Clean Bench. [`Game::position`](crate::game::Game::position) takes them from a
/// game; a computer player builds others to ask what a rack it imagines could do on a board it
/// imagines.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    pub board: &'a Board,
    pub rack: &'a [Tile],
    pub mode: Mode,
    /// The edition of the chemist's rules: the walk follows its trie. The other referees read
    /// none.
    pub edition: Edition,
    /// Solitaire with an empty bag: a play that empties the rack earns the Clean Bench.
    pub clean_bench: bool,
    /// Only plays of at most this many tiles ([`RACK_SIZE`]: every play).
    pub max_tiles: usize,
    /// Theory Mode: of the plays that differ only in which tile sits on which plain square
    /// (no letter premium, no crossing formula) — same score, same verdicts — visit one.
    /// Searches for the best few shapes need no more, and go much faster.
    pub canonical: bool,
    /// Organic Chemistry Mode (a table variant, Theory Mode only): only formulas with carbon
    /// and hydrogen count.
    pub organic: bool,
    /// Ion Rules (a table variant, Theory Mode and the chemist's referee): charged formulas
    /// count too.
    pub ions: bool,
    /// Biology Bonus (a table variant): each formula found in the human body scores
    /// [`BIOLOGY_BONUS`] more, and a play's score includes it.
    pub biology: bool,
    /// The chemist's referee: the lexicon whose sequences the walk follows; without one, no
    /// play counts under that referee. The other referees read none.
    pub lexicon: Option<&'a Lexicon>,
}

/// Where the generator finds the player to move: a game ([`crate::game::Game`]) gives its
/// [`Position`], none once the game is over.
pub trait PlayerToMove {
    fn position_to_move(&self) -> Option<Position<'_>>;
}

// elements 0..31 can bond; He and Ne (31, 32) are in no valid formula, so never placed
const BONDING: usize = 31;
const ALL_BONDING: u64 = (1 << BONDING) - 1;
const EMPTY: u8 = u8::MAX;
const FAR: u8 = u8::MAX;

const INVALID: u8 = 0;
const VALID: u8 = 1;

// a multiset of bonding elements, 4 bits per element: a formula has at most 15 tiles
type Key = u128;

fn nib(e: u8) -> Key {
    1 << (4 * u32::from(e))
}

fn bit(e: u8) -> u64 {
    1 << e
}

fn element(index: u8) -> Element {
    Element::ALL
        .get(usize::from(index))
        .copied()
        .unwrap_or(Element::H)
}

/// splitmix64's finaliser: keys differ in few bits, and the map reads the top bits too. Also
/// the endgame search's table hasher (its keys are one `u64`).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u128(&mut self, key: u128) {
        self.0 = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type KeyMap<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// Theory Mode verdicts per multiset, kept between calls (they never change).
#[derive(Default)]
struct Verdicts {
    // Organic Chemistry Mode (a table variant): valid only with carbon and hydrogen; every
    // verdict, cross-checks and Wild Isotope choices included, passes through `valid`
    organic: bool,
    // Ion Rules (a table variant): charged formulas count too (and the chemist's walk follows
    // the trie with the documented ions)
    ions: bool,
    // u64 like `completions`, so the two maps share one instance of the map's code
    valid: KeyMap<u64>,
    // the elements one Wild Isotope may become to complete a multiset
    completions: KeyMap<u64>,
}

impl Verdicts {
    fn valid(&mut self, key: Key) -> bool {
        if let Some(&v) = self.valid.get(&key) {
            return v == u64::from(VALID);
        }
        let mut counts = [0u8; Element::COUNT];
        for (e, count) in counts.iter_mut().enumerate().take(BONDING) {
            *count = ((key >> (4 * e)) & 15) as u8;
        }
        let organic = counts[Element::C.index()] > 0 && counts[Element::H.index()] > 0;
        // Ion Rules cost nothing without the variant: the neutral test answers first
        let counts_ok = theory_check_counts(&counts).is_ok()
            || (self.ions && ions::theory_charge(&counts, false).is_some());
        let v = if counts_ok && (organic || !self.organic) {
            VALID
        } else {
            INVALID
        };
        self.valid.insert(key, u64::from(v));
        v == VALID
    }

    fn completions(&mut self, key: Key) -> u64 {
        if let Some(&m) = self.completions.get(&key) {
            return m;
        }
        let mut mask = 0;
        for e in 0..BONDING as u8 {
            if self.valid(key + nib(e)) {
                mask |= bit(e);
            }
        }
        self.completions.insert(key, mask);
        mask
    }
}

/// The 42 card sequences as a trie: Standard Mode's prefix test.
fn card_trie() -> &'static Trie {
    static TRIE: OnceLock<Trie> = OnceLock::new();
    TRIE.get_or_init(|| {
        Trie::from_sequences(
            CARD.iter()
                .map(|f| f.tiles.iter().map(|e| e.index() as u8).collect())
                .collect(),
        )
    })
}

/// The trie a mode's walk follows: the card's, or the chemist's lexicon (empty without one),
/// with the documented ions in the textbook's order under Ion Rules; Theory Mode follows none.
fn trie_for(mode: Mode, edition: Edition, ions: bool, lexicon: Option<&Lexicon>) -> &Trie {
    static EMPTY: Trie = Trie::EMPTY;
    match (mode, lexicon) {
        (Mode::Chemist, None) => &EMPTY,
        (Mode::Chemist, Some(lexicon)) if ions => lexicon.trie_with_ions(edition),
        (Mode::Chemist, Some(lexicon)) => lexicon.trie(edition),
        _ => card_trie(),
    }
}

// (row, col) of square `pos` on line `line` when formulas read in `dir`
fn square(dir: Direction, line: usize, pos: usize) -> (usize, usize) {
    match dir {
        Direction::Across => (line, pos),
        Direction::Down => (pos, line),
    }
}

/// The board seen along one direction: square `line * SIZE + pos`, with the crossing run of
/// each square along the line index, so one walker serves rows and columns alike.
struct Lines {
    dir: Direction,
    el: [u8; SQUARES],
    points: [i32; SQUARES],
    letter: [i32; SQUARES],
    word: [i32; SQUARES],
    // elements an empty square may take: its cross-check
    cross: [u64; SQUARES],
    has_cross: [bool; SQUARES],
    cross_points: [i32; SQUARES],
    // the multiset of the crossing run's board tiles (Biology Bonus: with the tile laid here,
    // is it a body formula?)
    cross_key: [Key; SQUARES],
    // a new tile here makes the play touch the board (or cover the star on an empty board)
    touch: [bool; SQUARES],
    // new tiles needed from here, left to right, before the play touches
    reach: [u8; SQUARES],
    // Organic Chemistry Mode: a board carbon (bit 0) or hydrogen (bit 1) here or further on
    ahead_ch: [u8; SQUARES],
    // Ion Rules: charged formulas count (the found plays' formulas carry their charge)
    ions: bool,
}

impl Lines {
    fn build(
        dir: Direction,
        board: &Board,
        mode: Mode,
        trie: &Trie,
        verdicts: &mut Verdicts,
    ) -> Lines {
        let mut lines = Lines {
            dir,
            el: [EMPTY; SQUARES],
            points: [0; SQUARES],
            letter: [1; SQUARES],
            word: [1; SQUARES],
            cross: [ALL_BONDING; SQUARES],
            has_cross: [false; SQUARES],
            cross_points: [0; SQUARES],
            cross_key: [0; SQUARES],
            touch: [false; SQUARES],
            reach: [FAR; SQUARES],
            ahead_ch: [0; SQUARES],
            ions: verdicts.ions,
        };
        for i in 0..SQUARES {
            let (row, col) = square(dir, i / SIZE, i % SIZE);
            let p = premium(row, col);
            lines.letter[i] = p.letter_factor();
            lines.word[i] = p.word_factor();
            if let Some(tile) = board.get(row, col) {
                lines.el[i] = tile.el.index() as u8;
                lines.points[i] = tile.points();
            }
        }
        let empty_board = board.is_empty();
        for i in 0..SQUARES {
            if lines.el[i] != EMPTY {
                continue;
            }
            let (line, pos) = (i / SIZE, i % SIZE);
            if empty_board {
                lines.touch[i] = (line, pos) == STAR;
                continue;
            }
            // the crossing run: tiles on the neighbouring lines at the same position
            let mut top = line;
            while top > 0 && lines.el[(top - 1) * SIZE + pos] != EMPTY {
                top -= 1;
            }
            let mut bottom = line;
            while bottom + 1 < SIZE && lines.el[(bottom + 1) * SIZE + pos] != EMPTY {
                bottom += 1;
            }
            if top == line && bottom == line {
                continue;
            }
            lines.has_cross[i] = true;
            lines.touch[i] = true;
            let mut run = [EMPTY; SIZE];
            for (k, l) in (top..=bottom).enumerate() {
                let j = l * SIZE + pos;
                run[k] = lines.el[j];
                lines.cross_points[i] += lines.points[j];
                // He and Ne are in no formula: such a run's cross-check is empty anyway
                if usize::from(lines.el[j]) < BONDING {
                    lines.cross_key[i] += nib(lines.el[j]);
                }
            }
            let run = &run[..=bottom - top];
            lines.cross[i] = cross_check(mode, trie, run, line - top, verdicts);
        }
        let (c, h) = (Element::C.index() as u8, Element::H.index() as u8);
        for line in 0..SIZE {
            let mut ahead = 0;
            for pos in (0..SIZE).rev() {
                let i = line * SIZE + pos;
                ahead |= u8::from(lines.el[i] == c) | (u8::from(lines.el[i] == h) << 1);
                lines.ahead_ch[i] = ahead;
            }
        }
        for line in 0..SIZE {
            let mut need = FAR;
            for pos in (0..SIZE).rev() {
                let i = line * SIZE + pos;
                need = if lines.el[i] != EMPTY {
                    0
                } else if lines.touch[i] {
                    1
                } else {
                    need.saturating_add(1)
                };
                lines.reach[i] = need;
            }
        }
        lines
    }
}

/// Which elements may fill `run[hole]` (the only empty square of a crossing run); `trie` is
/// the chemist's referee's ([`trie_for`]).
fn cross_check(mode: Mode, trie: &Trie, run: &[u8], hole: usize, verdicts: &mut Verdicts) -> u64 {
    let (before, after) = (&run[..hole], &run[hole + 1..]);
    match mode {
        Mode::Standard => {
            let mut mask = 0;
            for formula in CARD.iter() {
                let t = formula.tiles;
                if t.len() == run.len()
                    && t[..hole]
                        .iter()
                        .map(|e| e.index() as u8)
                        .eq(before.iter().copied())
                    && t[hole + 1..]
                        .iter()
                        .map(|e| e.index() as u8)
                        .eq(after.iter().copied())
                {
                    mask |= 1 << t[hole].index();
                }
            }
            mask
        }
        Mode::Chemist => {
            let mut node = ROOT;
            for &e in before {
                node = trie.child(node, e);
                if node == NO_NODE {
                    return 0;
                }
            }
            let mut mask = 0;
            let mut next = trie.children(node);
            while next != 0 {
                let e = next.trailing_zeros() as u8;
                next &= next - 1;
                let mut at = trie.child(node, e);
                for &a in after {
                    at = trie.child(at, a);
                    if at == NO_NODE {
                        break;
                    }
                }
                if at != NO_NODE && trie.is_end(at) {
                    mask |= 1 << e;
                }
            }
            mask
        }
        Mode::Theory => {
            let mut key: Key = 0;
            for &e in before.iter().chain(after) {
                if usize::from(e) >= BONDING {
                    return 0;
                }
                key += nib(e);
            }
            verdicts.completions(key)
        }
    }
}

/// A tile the walk has laid; a Theory-Mode Wild Isotope gets its `el` only when complete.
#[derive(Clone, Copy, Default)]
struct NewTile {
    pos: u8,
    el: u8,
    wild: bool,
    cross_score: i32,
}

/// The walk's running totals, copied down the recursion.
#[derive(Clone, Copy)]
struct Walk {
    // Theory: the main run's multiset, Wild Isotopes left out
    key: Key,
    // Standard and Chemist: the trie node of the main run so far
    node: Node,
    run_len: usize,
    main_sum: i32,
    main_word: i32,
    crosses: i32,
    touched: bool,
    // canonical walks: the last element laid on a plain square (a Wild Isotope counts as
    // Element::COUNT), so that plain squares take their tiles in one order only
    plain_last: u8,
}

const WALK: Walk = Walk {
    key: 0,
    node: ROOT,
    run_len: 0,
    main_sum: 0,
    main_word: 1,
    crosses: 0,
    touched: false,
    plain_last: 0,
};

/// One legal play as the generator found it, before anything is allocated for it: read its
/// score, and build a [`Candidate`] only for the plays you keep.
pub struct Found<'a> {
    board: &'a Board,
    mode: Mode,
    edition: Edition,
    lines: &'a Lines,
    line: usize,
    tiles: &'a [NewTile],
    // the main formula's points (0 for a lone tile read only across its line)
    main_score: i32,
    score: i32,
}

impl Found<'_> {
    /// The turn's score, bonuses included.
    pub fn score(&self) -> i32 {
        self.score
    }

    /// How many tiles it places.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Never true: a play places at least one tile.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Where it goes and what it uses, without building the play.
    pub fn shape(&self) -> Shape {
        let mut used = [NO_TILE; RACK_SIZE];
        for (slot, t) in used.iter_mut().zip(self.used()) {
            *slot = tile_code(t);
        }
        used.sort_unstable();
        Shape {
            across: self.lines.dir == Direction::Across,
            line: self.line as u8,
            squares: self.tiles.iter().fold(0u16, |m, t| m | 1 << t.pos),
            used,
        }
    }

    /// Whether its main formula lies along a row (else down a column), without building the
    /// play. Its line's, but for a lone tile with no neighbour along its line: that tile's one
    /// formula runs across the line.
    pub fn across(&self) -> bool {
        (self.lines.dir == Direction::Across) != self.lone_across_its_line()
    }

    /// Whether it makes a formula besides its main one (a tile of it crossing another
    /// formula's line), without building the play.
    pub fn crosses(&self) -> bool {
        let line = self.line * SIZE;
        !self.lone_across_its_line()
            && self
                .tiles
                .iter()
                .any(|t| self.lines.has_cross[line + usize::from(t.pos)])
    }

    /// A lone tile with no neighbour along its line: the generator walks such a tile in one
    /// direction only, and its formula (if any) runs across that line.
    fn lone_across_its_line(&self) -> bool {
        let [tile] = self.tiles else {
            return false;
        };
        let pos = usize::from(tile.pos);
        let filled = |p: usize| {
            let (row, col) = square(self.lines.dir, self.line, p);
            self.board.is_filled(row, col)
        };
        !((pos > 0 && filled(pos - 1)) || (pos + 1 < SIZE && filled(pos + 1)))
    }

    /// Whether it places a Wild Isotope.
    pub fn uses_wild(&self) -> bool {
        self.tiles.iter().any(|t| t.wild)
    }

    /// The rack tiles it uses (`?` for a Wild Isotope), without building the play.
    pub fn used(&self) -> impl Iterator<Item = Tile> + '_ {
        self.tiles.iter().map(|t| {
            if t.wild {
                Tile::Wild
            } else {
                Tile::Element(element(t.el))
            }
        })
    }

    /// The tiles, in reading order.
    pub fn placements(&self) -> Vec<Placement> {
        self.tiles
            .iter()
            .map(|t| {
                let (row, col) = square(self.lines.dir, self.line, usize::from(t.pos));
                Placement {
                    row: row as u8,
                    col: col as u8,
                    el: element(t.el),
                    wild: t.wild,
                }
            })
            .collect()
    }

    /// The play with its formulas, as [`Game::preview_play`](crate::game::Game::preview_play)
    /// would score them.
    pub fn candidate(&self) -> Candidate {
        let (board, mode, edition) = (self.board, self.mode, self.edition);
        let tiles = self.placements();
        let after = board.with(&tiles);
        let dir = self.lines.dir;
        let mut formulas = Vec::with_capacity(tiles.len() + 1);
        let first = tiles
            .first()
            .map_or((0, 0), |p| (usize::from(p.row), usize::from(p.col)));
        if let Some(run) = run_through(&after, first.0, first.1, dir) {
            formulas.push(scored(
                mode,
                edition,
                self.lines.ions,
                &after,
                run,
                self.main_score,
            ));
        }
        for (t, p) in self.tiles.iter().zip(&tiles) {
            let i = self.line * SIZE + usize::from(t.pos);
            if self.lines.has_cross[i] {
                if let Some(run) =
                    run_through(&after, usize::from(p.row), usize::from(p.col), dir.across())
                {
                    formulas.push(scored(
                        mode,
                        edition,
                        self.lines.ions,
                        &after,
                        run,
                        t.cross_score,
                    ));
                }
            }
        }
        Candidate {
            tiles,
            score: self.score,
            formulas,
        }
    }
}

/// Whether a multiset is a substance of the human body ([`HUMAN_BODY_TILES`]), by 30 key
/// compares.
fn in_body(key: Key) -> bool {
    static KEYS: OnceLock<Vec<Key>> = OnceLock::new();
    KEYS.get_or_init(|| {
        HUMAN_BODY_TILES
            .iter()
            .map(|t| t.iter().map(|e| nib(e.index() as u8)).sum())
            .collect()
    })
    .contains(&key)
}

/// The card formula with the same multiset, as the referee finds it, by 42 key compares.
fn card_of_multiset(tiles: &[Element]) -> Option<usize> {
    static KEYS: OnceLock<Vec<Key>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        CARD.iter()
            .map(|f| f.tiles.iter().map(|e| nib(e.index() as u8)).sum())
            .collect()
    });
    if tiles.len() > CARD_MAX_LEN || tiles.iter().any(|e| e.index() >= BONDING) {
        return None;
    }
    let key: Key = tiles.iter().map(|e| nib(e.index() as u8)).sum();
    keys.iter().position(|&k| k == key)
}

fn scored(
    mode: Mode,
    edition: Edition,
    ions: bool,
    after: &Board,
    run: Run,
    score: i32,
) -> ScoredFormula {
    let tiles: Vec<Element> = run
        .squares()
        .filter_map(|(r, c)| after.get(r, c).map(|t| t.el))
        .collect();
    let card = match mode {
        Mode::Standard | Mode::Chemist => card_index(&tiles),
        Mode::Theory => card_of_multiset(&tiles),
    };
    // the walk found the formula valid; under Ion Rules the referee says with which charge
    let charge = match ions {
        true => judge_ions(mode, edition, &tiles).map_or(0, |a| a.charge),
        false => 0,
    };
    ScoredFormula {
        known: card.is_some(),
        card,
        charge,
        tiles,
        score,
        run,
    }
}

/// The walker over one direction's lines.
struct Search<'a> {
    board: &'a Board,
    mode: Mode,
    edition: Edition,
    lines: &'a Lines,
    trie: &'a Trie,
    verdicts: &'a mut Verdicts,
    // returns the new floor, read only when bounding
    sink: &'a mut dyn FnMut(&Found<'_>) -> i32,
    // every element a Theory-Mode Wild Isotope may become, or one (they all score the same)
    all_wilds: bool,
    // looking for the best play only: a play scoring no more than this is not judged at all
    floor: Option<i32>,
    // counting only: plays are tallied here, not passed to the sink, and a last Theory-Mode
    // Wild Isotope's choices are counted all at once
    counted: Option<usize>,
    board_empty: bool,
    across: bool,
    // Solitaire with an empty bag: emptying the rack earns the Clean Bench
    clean_bench: bool,
    // Organic Chemistry Mode: a run that can no longer get both C and H is not walked on
    organic: bool,
    // Biology Bonus: a play's score includes it, and the bounds allow for it
    biology: bool,
    rack: [u8; Element::COUNT],
    kinds: [u8; Element::COUNT],
    n_kinds: usize,
    wilds: u8,
    rack_len: usize,
    line: usize,
    placed: [NewTile; RACK_SIZE],
    n: usize,
    // any play will do: the walk stops once one is counted
    first_only: bool,
    // Theory Mode: plain squares take their tiles in one order only
    canonical: bool,
    // best play only: what the tiles left could still add, for branch and bound
    rack_points: i32,
    top_points: i32,
    ahead: [Ahead; SIZE],
}

/// What up to k more tiles laid from a square onwards (k = 0..=7) could earn at most.
#[derive(Clone, Copy, Default)]
struct Ahead {
    board_points: i32,
    word: [i32; RACK_SIZE + 1],
    letter: [i32; RACK_SIZE + 1],
    crosses: [i32; RACK_SIZE + 1],
    // how many of those squares have a crossing run (Biology Bonus: formulas that may earn it)
    cross_count: [i32; RACK_SIZE + 1],
}

impl Search<'_> {
    fn run_lines(&mut self) {
        for line in 0..SIZE {
            self.line = line;
            let base = line * SIZE;
            let reachable = (0..SIZE).any(|pos| {
                self.lines.el[base + pos] != EMPTY
                    || usize::from(self.lines.reach[base + pos]) <= self.rack_len
            });
            if !reachable {
                continue;
            }
            if self.bounding() {
                self.look_ahead();
            }
            for start in 0..SIZE {
                if self.found_one() {
                    return;
                }
                let i = line * SIZE + start;
                if start > 0 && self.lines.el[i - 1] != EMPTY {
                    continue; // not where a run starts
                }
                if self.lines.el[i] == EMPTY && usize::from(self.lines.reach[i]) > self.rack_len {
                    continue; // the rack can't reach a tile from here
                }
                self.extend(start, WALK);
            }
        }
    }

    // Standard Mode's trie prunes so hard that the bound costs more than it saves
    fn bounding(&self) -> bool {
        self.floor.is_some() && self.mode.by_valency()
    }

    /// Fills `ahead` for the current line.
    fn look_ahead(&mut self) {
        let base = self.line * SIZE;
        let mut board_points = 0;
        for pos in (0..SIZE).rev() {
            board_points += self.lines.points[base + pos];
            let mut a = Ahead {
                board_points,
                word: [1; RACK_SIZE + 1],
                letter: [1; RACK_SIZE + 1],
                crosses: [0; RACK_SIZE + 1],
                cross_count: [0; RACK_SIZE + 1],
            };
            let mut k = 0;
            for q in pos..SIZE {
                let i = base + q;
                if self.lines.el[i] != EMPTY {
                    continue;
                }
                if k == RACK_SIZE {
                    break;
                }
                let cross = if self.lines.has_cross[i] {
                    (self.lines.cross_points[i] + self.top_points * self.lines.letter[i])
                        * self.lines.word[i]
                } else {
                    0
                };
                a.word[k + 1] = a.word[k] * self.lines.word[i];
                a.letter[k + 1] = a.letter[k].max(self.lines.letter[i]);
                a.crosses[k + 1] = a.crosses[k] + cross;
                a.cross_count[k + 1] = a.cross_count[k] + i32::from(self.lines.has_cross[i]);
                k += 1;
            }
            for j in k + 1..=RACK_SIZE {
                a.word[j] = a.word[k];
                a.letter[j] = a.letter[k];
                a.crosses[j] = a.crosses[k];
                a.cross_count[j] = a.cross_count[k];
            }
            self.ahead[pos] = a;
        }
    }

    /// The most any play going on from empty square `pos` could score.
    fn bound(&self, pos: usize, w: &Walk) -> i32 {
        let left = self.rack_len - self.n;
        let a = &self.ahead[pos];
        let main = (w.main_sum + a.board_points + self.rack_points * a.letter[left])
            * w.main_word
            * a.word[left];
        let mut bonus = if self.n + left >= RACK_SIZE {
            full_reaction(RACK_SIZE)
        } else {
            0
        };
        if self.clean_bench {
            bonus += CLEAN_BENCH;
        }
        if self.biology {
            // the main formula and every crossing, laid or still to come, may be in the body
            bonus += BIOLOGY_BONUS * (1 + self.placed_crossings() + a.cross_count[left]);
        }
        main + w.crosses + a.crosses[left] + bonus
    }

    /// How many of the tiles laid so far make a crossing formula.
    fn placed_crossings(&self) -> i32 {
        let base = self.line * SIZE;
        self.placed[..self.n]
            .iter()
            .filter(|t| self.lines.has_cross[base + usize::from(t.pos)])
            .count() as i32
    }

    /// Biology Bonus of the play laid (each Wild Isotope given its element by now):
    /// [`BIOLOGY_BONUS`] for its main formula and for each crossing formula found in the human
    /// body, as [`Variants::biology_bonus`](crate::variants::Variants::biology_bonus) counts
    /// them from the built play's formulas.
    fn biology_bonus(&self) -> i32 {
        let base = self.line * SIZE;
        let tiles = &self.placed[..self.n];
        let Some(first) = tiles.first() else {
            return 0;
        };
        // the main run: back from the first tile over the board's, then on to its end
        let mut start = usize::from(first.pos);
        while start > 0 && self.lines.el[base + start - 1] != EMPTY {
            start -= 1;
        }
        let (mut key, mut len, mut k, mut bonding): (Key, usize, usize, bool) = (0, 0, 0, true);
        for pos in start..SIZE {
            let e = if self.lines.el[base + pos] != EMPTY {
                self.lines.el[base + pos]
            } else if let Some(t) = tiles.get(k).filter(|t| usize::from(t.pos) == pos) {
                k += 1;
                t.el
            } else {
                break;
            };
            if usize::from(e) < BONDING {
                key += nib(e);
            } else {
                bonding = false;
            }
            len += 1;
        }
        let mut found = i32::from(len >= 2 && bonding && in_body(key));
        for t in tiles {
            let i = base + usize::from(t.pos);
            if self.lines.has_cross[i] && in_body(self.lines.cross_key[i] + nib(t.el)) {
                found += 1;
            }
        }
        BIOLOGY_BONUS * found
    }

    /// Whether the run could still hold carbon and hydrogen: from its tiles so far, the rack,
    /// the board further along the line, or a Wild Isotope (laid or not, it is any element).
    fn may_turn_organic(&self, pos: usize, walk: &Walk) -> bool {
        let (c, h) = (Element::C.index(), Element::H.index());
        let ahead = self.lines.ahead_ch[self.line * SIZE + pos];
        let has = |e: usize, bit: u8| {
            (walk.key >> (4 * e)) & 15 != 0 || self.rack[e] > 0 || ahead & bit != 0
        };
        let missing = usize::from(!has(c, 1)) + usize::from(!has(h, 2));
        let wilds =
            usize::from(self.wilds) + self.placed[..self.n].iter().filter(|t| t.wild).count();
        missing <= wilds
    }

    fn open_after(&self, pos: usize) -> bool {
        pos + 1 == SIZE || self.lines.el[self.line * SIZE + pos + 1] == EMPTY
    }

    /// Looking for any play, and one is found: nothing more to walk.
    fn found_one(&self) -> bool {
        self.first_only && self.counted.is_some_and(|n| n > 0)
    }

    /// Square `pos` continues the run: take the board's tile or lay one from the rack.
    fn extend(&mut self, pos: usize, walk: Walk) {
        if self.found_one() {
            return;
        }
        // a run that already holds a tile and goes on is a formula: it must be able to hold
        // C and H (a lone tile's run is no formula, so the first square is never cut)
        if self.organic && walk.run_len > 0 && !self.may_turn_organic(pos, &walk) {
            return;
        }
        let i = self.line * SIZE + pos;
        let on_board = self.lines.el[i];
        if on_board != EMPTY {
            let mut w = walk;
            w.run_len += 1;
            w.main_sum += self.lines.points[i];
            w.touched = true;
            match self.mode {
                Mode::Standard | Mode::Chemist => {
                    w.node = self.trie.child(w.node, on_board);
                    if w.node == NO_NODE {
                        return;
                    }
                }
                Mode::Theory => {
                    if usize::from(on_board) >= BONDING {
                        return;
                    }
                    w.key += nib(on_board);
                }
            }
            self.after(pos, w);
            return;
        }
        if self.n >= self.rack_len || self.n >= RACK_SIZE {
            return;
        }
        if !walk.touched && usize::from(self.lines.reach[i]) > self.rack_len - self.n {
            return;
        }
        if self.bounding()
            && self
                .floor
                .is_some_and(|floor| self.bound(pos, &walk) <= floor)
        {
            return;
        }
        let cross = self.lines.cross[i];
        if cross == 0 {
            return;
        }
        // a lone tile with nothing beside it in the line: only its crossing formula counts
        let lone = self.across
            && !self.board_empty
            && walk.run_len == 0
            && self.lines.has_cross[i]
            && self.open_after(pos);
        let next = match self.mode {
            Mode::Standard | Mode::Chemist => {
                self.trie.children(walk.node) | if lone { ALL_BONDING } else { 0 }
            }
            Mode::Theory => ALL_BONDING,
        };
        // tiles swapped between two plain squares (no letter premium, no crossing formula) make
        // a play of the same score, and in Theory Mode of the same verdict: a canonical walk
        // tries one order only
        let plain = self.canonical && self.lines.letter[i] == 1 && !self.lines.has_cross[i];
        for k in 0..self.n_kinds {
            let e = self.kinds[k];
            if self.rack[usize::from(e)] == 0 || cross & next & bit(e) == 0 {
                continue;
            }
            let mut walk = walk;
            if plain {
                if e < walk.plain_last {
                    continue;
                }
                walk.plain_last = e;
            }
            let points = i32::from(element(e).points());
            self.rack[usize::from(e)] -= 1;
            self.rack_points -= points;
            self.lay(pos, e, false, walk, lone);
            self.rack[usize::from(e)] += 1;
            self.rack_points += points;
        }
        if self.wilds > 0 {
            self.wilds -= 1;
            match self.mode {
                Mode::Standard | Mode::Chemist => {
                    let mut m = cross & next;
                    while m != 0 {
                        let e = m.trailing_zeros() as u8;
                        m &= m - 1;
                        self.lay(pos, e, true, walk, lone);
                    }
                }
                // its element is chosen once the run is complete
                Mode::Theory => {
                    let mut walk = walk;
                    if plain {
                        walk.plain_last = Element::COUNT as u8;
                    }
                    self.lay(pos, 0, true, walk, lone);
                }
            }
            self.wilds += 1;
        }
    }

    fn lay(&mut self, pos: usize, e: u8, wild: bool, walk: Walk, lone: bool) {
        let i = self.line * SIZE + pos;
        let points = if wild {
            0
        } else {
            i32::from(element(e).points())
        };
        let letter = points * self.lines.letter[i];
        let word = self.lines.word[i];
        let cross_score = if self.lines.has_cross[i] {
            (self.lines.cross_points[i] + letter) * word
        } else {
            0
        };
        let mut w = walk;
        w.run_len += 1;
        w.main_sum += letter;
        w.main_word *= word;
        w.crosses += cross_score;
        w.touched |= self.lines.touch[i];
        let mut alive = true;
        match self.mode {
            Mode::Standard | Mode::Chemist => {
                w.node = self.trie.child(w.node, e);
                alive = w.node != NO_NODE;
            }
            Mode::Theory => {
                if !wild {
                    w.key += nib(e);
                }
            }
        }
        self.placed[self.n] = NewTile {
            pos: pos as u8,
            el: e,
            wild,
            cross_score,
        };
        self.n += 1;
        if alive {
            self.after(pos, w);
        } else if lone {
            self.complete(w);
        }
        self.n -= 1;
    }

    /// The run has reached `pos`: it may end here, and it may go on.
    fn after(&mut self, pos: usize, w: Walk) {
        if self.open_after(pos) {
            self.complete(w);
        }
        if pos + 1 < SIZE {
            self.extend(pos + 1, w);
        }
    }

    /// The run ends at `pos`: emit the play if every rule holds.
    fn complete(&mut self, w: Walk) {
        if self.n == 0 || !w.touched {
            return;
        }
        if (!self.across || self.board_empty) && self.n < 2 {
            return; // single tiles are found across; the opening needs two
        }
        let mut bonus = full_reaction(self.n);
        if self.clean_bench && self.n == self.rack_len {
            bonus += CLEAN_BENCH;
        }
        let main = if w.run_len < 2 {
            0
        } else {
            w.main_sum * w.main_word
        };
        // Biology Bonus: at most one for the main formula and one for each crossing
        let biology = if self.biology {
            BIOLOGY_BONUS * (i32::from(w.run_len >= 2) + self.placed_crossings())
        } else {
            0
        };
        if self
            .floor
            .is_some_and(|floor| main + w.crosses + bonus + biology <= floor)
        {
            return;
        }
        if w.run_len < 2 {
            // a lone tile: its crossing formula passed the cross-check
            let score = w.crosses + bonus;
            let i = self.line * SIZE + usize::from(self.placed[0].pos);
            if self.mode.by_valency() && self.placed[0].wild {
                let mut m = self.lines.cross[i];
                if let Some(counted) = self.counted.as_mut() {
                    *counted += m.count_ones() as usize;
                    return;
                }
                while m != 0 {
                    self.placed[0].el = m.trailing_zeros() as u8;
                    m &= m - 1;
                    self.emit(main, score);
                    if !self.all_wilds {
                        return;
                    }
                }
            } else {
                self.emit(main, score);
            }
            return;
        }
        let score = main + w.crosses + bonus;
        match self.mode {
            Mode::Standard | Mode::Chemist => {
                if self.trie.is_end(w.node) {
                    self.emit(main, score);
                }
            }
            Mode::Theory => {
                let mut slots = [0usize; RACK_SIZE];
                let mut k = 0;
                for (j, t) in self.placed[..self.n].iter().enumerate() {
                    if t.wild {
                        slots[k] = j;
                        k += 1;
                    }
                }
                self.choose_wilds(&slots[..k], w.key, main, score);
            }
        }
    }

    /// Gives each Theory-Mode Wild Isotope in `slots` an element its square allows, such that
    /// the main run is valid; true once the caller wants no more.
    fn choose_wilds(&mut self, slots: &[usize], key: Key, main: i32, score: i32) -> bool {
        match slots {
            [] => {
                if self.verdicts.valid(key) {
                    self.emit(main, score);
                    return !self.all_wilds;
                }
                false
            }
            [last] => {
                let i = self.line * SIZE + usize::from(self.placed[*last].pos);
                let mut m = self.verdicts.completions(key) & self.lines.cross[i];
                if let Some(counted) = self.counted.as_mut() {
                    *counted += m.count_ones() as usize;
                    return false;
                }
                while m != 0 {
                    self.placed[*last].el = m.trailing_zeros() as u8;
                    m &= m - 1;
                    self.emit(main, score);
                    if !self.all_wilds {
                        return true;
                    }
                }
                false
            }
            [first, rest @ ..] => {
                let i = self.line * SIZE + usize::from(self.placed[*first].pos);
                let mut m = self.lines.cross[i];
                while m != 0 {
                    let e = m.trailing_zeros() as u8;
                    m &= m - 1;
                    self.placed[*first].el = e;
                    if self.choose_wilds(rest, key + nib(e), main, score) || self.found_one() {
                        return true;
                    }
                }
                false
            }
        }
    }

    fn emit(&mut self, main_score: i32, score: i32) {
        if let Some(counted) = self.counted.as_mut() {
            *counted += 1;
            return;
        }
        let score = if self.biology {
            score + self.biology_bonus()
        } else {
            score
        };
        // without the Biology Bonus every play that gets here beats the floor already
        if self.floor.is_some_and(|floor| score <= floor) {
            return;
        }
        let found = Found {
            board: self.board,
            mode: self.mode,
            edition: self.edition,
            lines: self.lines,
            line: self.line,
            tiles: &self.placed[..self.n],
            main_score,
            score,
        };
        let floor = (self.sink)(&found);
        if self.floor.is_some() {
            self.floor = Some(floor);
        }
    }
}

/// What a generation run is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// Every play, one by one.
    All,
    /// Only plays scoring more than a floor the sink raises as it goes; a Theory-Mode Wild
    /// Isotope takes the first element that fits, since all score the same (but under the
    /// Biology Bonus, where its element may make a body formula).
    Best,
    /// How many plays there are.
    Count,
    /// Whether there is a play: counting, stopped at the first.
    Any,
}

/// A move generator that keeps Theory Mode's verdicts between calls; reuse one for a whole
/// game (or many) to save the valency work.
///
/// It knows the table variants a [`Position`] names: Organic Chemistry Mode (its plays all
/// hold C and H), Ion Rules, and the Biology Bonus (a play's `score` includes it, exactly as
/// [`Game::play`](crate::game::Game::play) awards it).
pub struct MoveGenerator {
    verdicts: Verdicts,
    organic: Verdicts,
    ions: Verdicts,
    organic_ions: Verdicts,
}

impl Default for MoveGenerator {
    fn default() -> MoveGenerator {
        MoveGenerator {
            verdicts: Verdicts::default(),
            organic: Verdicts {
                organic: true,
                ..Verdicts::default()
            },
            ions: Verdicts {
                ions: true,
                ..Verdicts::default()
            },
            organic_ions: Verdicts {
                organic: true,
                ions: true,
                ..Verdicts::default()
            },
        }
    }
}

impl MoveGenerator {
    pub fn new() -> MoveGenerator {
        MoveGenerator::default()
    }

    /// How many Theory Mode verdicts it remembers (they are never wrong, only memory).
    pub fn remembered(&self) -> usize {
        self.verdicts.valid.len() + self.verdicts.completions.len()
    }

    /// Every legal play for the player to move.
    ///
    /// In Theory Mode a Wild Isotope multiplies the plays by the elements it may be, so a
    /// rack with one can have millions: see [`MoveGenerator::for_each_play`].
    pub fn legal_plays(&mut self, game: &impl PlayerToMove) -> Vec<Candidate> {
        let mut out = Vec::new();
        self.generate(game, Goal::All, i32::MIN, &mut |found| {
            out.push(found.candidate());
            i32::MIN
        });
        out
    }

    /// Visits every legal play without building or keeping it.
    pub fn for_each_play(&mut self, game: &impl PlayerToMove, mut visit: impl FnMut(&Found<'_>)) {
        self.generate(game, Goal::All, i32::MIN, &mut |found| {
            visit(found);
            i32::MIN
        });
    }

    /// Visits the plays in `position` scoring more than a floor: it starts at `floor`, and
    /// after each visit it is what the visitor returned, so a visitor keeping the best few
    /// raises it as they improve. Plays that can't beat it are never walked (branch and bound,
    /// as in [`MoveGenerator::best_play`], its bounds allowing for the Biology Bonus), and a
    /// Theory-Mode Wild Isotope takes the first element that fits, since all score the same
    /// (under the Biology Bonus each that fits is tried: one may make a body formula). The order is the generator's own: lines
    /// top to bottom, across before down.
    pub fn for_each_play_above(
        &mut self,
        position: &Position<'_>,
        floor: i32,
        visit: &mut dyn FnMut(&Found<'_>) -> i32,
    ) {
        self.generate_at(position, Goal::Best, floor, visit);
    }

    /// How many legal plays there are, without building them.
    pub fn count_plays(&mut self, game: &impl PlayerToMove) -> usize {
        self.generate(game, Goal::Count, i32::MIN, &mut |_| i32::MIN)
    }

    /// Whether the player to move has any legal play; stops at the first one found.
    pub fn has_play(&mut self, game: &impl PlayerToMove) -> bool {
        self.generate(game, Goal::Any, i32::MIN, &mut |_| i32::MIN) > 0
    }

    /// The highest-scoring play, the first found on a tie. Cheaper than [`legal_plays`]:
    /// only improvements are built, and a Theory-Mode Wild Isotope tries elements only until
    /// one fits.
    pub fn best_play(&mut self, game: &impl PlayerToMove) -> Option<Candidate> {
        let mut best: Option<Candidate> = None;
        self.generate(game, Goal::Best, i32::MIN, &mut |found| {
            if best.as_ref().is_none_or(|b| found.score > b.score) {
                best = Some(found.candidate());
            }
            found.score
        });
        best
    }

    /// Finds the plays for `sink` (none when counting) and returns how many were counted.
    fn generate(
        &mut self,
        game: &impl PlayerToMove,
        goal: Goal,
        floor: i32,
        sink: &mut dyn FnMut(&Found<'_>) -> i32,
    ) -> usize {
        match game.position_to_move() {
            Some(position) => self.generate_at(&position, goal, floor, sink),
            None => 0,
        }
    }

    fn generate_at(
        &mut self,
        position: &Position<'_>,
        goal: Goal,
        floor: i32,
        sink: &mut dyn FnMut(&Found<'_>) -> i32,
    ) -> usize {
        let best = goal == Goal::Best;
        let first_only = goal == Goal::Any;
        let mut counted = 0;
        let mut rack = [0u8; Element::COUNT];
        let mut kinds = [0u8; Element::COUNT];
        let mut n_kinds = 0;
        let mut wilds = 0u8;
        let tiles = position.rack;
        for &t in tiles {
            match t {
                Tile::Wild => wilds += 1,
                Tile::Element(e) => {
                    if rack[e.index()] == 0 {
                        kinds[n_kinds] = e.index() as u8;
                        n_kinds += 1;
                    }
                    rack[e.index()] += 1;
                }
            }
        }
        let (board, mode) = (position.board, position.mode);
        let rack_len = tiles.len().min(RACK_SIZE).min(position.max_tiles);
        let mut floor = floor;
        let organic = position.organic && mode.by_valency();
        let ions = position.ions && mode.takes_ions();
        let verdicts = match (organic, ions) {
            (false, false) => &mut self.verdicts,
            (true, false) => &mut self.organic,
            (false, true) => &mut self.ions,
            (true, true) => &mut self.organic_ions,
        };
        let trie = trie_for(mode, position.edition, ions, position.lexicon);
        for dir in [Direction::Across, Direction::Down] {
            let lines = Lines::build(dir, board, mode, trie, verdicts);
            let mut search = Search {
                board,
                mode,
                edition: position.edition,
                lines: &lines,
                trie,
                verdicts: &mut *verdicts,
                sink: &mut *sink,
                // under the Biology Bonus a Wild Isotope's element changes the score
                all_wilds: !best || position.biology,
                floor: best.then_some(floor),
                counted: matches!(goal, Goal::Count | Goal::Any).then_some(0),
                first_only,
                canonical: position.canonical && mode.by_valency(),
                board_empty: board.is_empty(),
                across: dir == Direction::Across,
                clean_bench: position.clean_bench && tiles.len() <= rack_len,
                organic,
                biology: position.biology,
                rack,
                kinds,
                n_kinds,
                wilds,
                rack_len,
                line: 0,
                placed: [NewTile::default(); RACK_SIZE],
                n: 0,
                rack_points: tiles.iter().map(|t| i32::from(t.points())).sum(),
                top_points: tiles
                    .iter()
                    .map(|t| i32::from(t.points()))
                    .max()
                    .unwrap_or(0),
                ahead: [Ahead::default(); SIZE],
            };
            search.run_lines();
            floor = search.floor.unwrap_or(floor);
            counted += search.counted.unwrap_or(0);
            if first_only && counted > 0 {
                break;
            }
        }
        counted
    }
}
