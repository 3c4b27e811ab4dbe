//! The 15×15 board: premium squares (RULES §2), the star, and the tiles played so far.

use molscrab_json::{Map, Value};

use crate::elements::{Element, Tile};

/// Squares per side.
pub const SIZE: usize = 15;
/// Squares on the board.
pub const SQUARES: usize = SIZE * SIZE;
/// The centre square the first play must cover.
pub const STAR: (usize, usize) = (7, 7);

/// A premium square; it counts only on the turn a tile is first placed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Premium {
    Plain,
    DoubleLetter,
    TripleLetter,
    DoubleWord,
    TripleWord,
}

impl Premium {
    /// What it does to a newly placed tile's points.
    pub fn letter_factor(self) -> i32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            _ => 1,
        }
    }

    /// What it does to a formula holding a newly placed tile on it.
    pub fn word_factor(self) -> i32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            _ => 1,
        }
    }

    /// "DL", "TL", "DW", "TW", or "" for a plain square.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Premium::Plain => "",
            Premium::DoubleLetter => "DL",
            Premium::TripleLetter => "TL",
            Premium::DoubleWord => "DW",
            Premium::TripleWord => "TW",
        }
    }

    /// "Double Letter", … or "plain" (for labels read aloud).
    pub fn name(self) -> &'static str {
        match self {
            Premium::Plain => "plain",
            Premium::DoubleLetter => "Double Letter",
            Premium::TripleLetter => "Triple Letter",
            Premium::DoubleWord => "Double Word",
            Premium::TripleWord => "Triple Word",
        }
    }
}

// RULES §2 verbatim: T triple word, D double word (the star is one), t triple letter,
// d double letter
const LAYOUT: [&[u8; SIZE]; SIZE] = [
    b"T..d...T...d..T",
    b".D...t...t...D.",
    b"..D...d.d...D..",
    b"d..D...d...D..d",
    b"....D.....D....",
    b".t...t...t...t.",
    b"..d...d.d...d..",
    b"T..d...D...d..T",
    b"..d...d.d...d..",
    b".t...t...t...t.",
    b"....D.....D....",
    b"d..D...d...D..d",
    b"..D...d.d...D..",
    b".D...t...t...D.",
    b"T..d...T...d..T",
];

/// The premium of a square; `Plain` off the board.
pub fn premium(row: usize, col: usize) -> Premium {
    match LAYOUT.get(row).and_then(|line| line.get(col)) {
        Some(b'T') => Premium::TripleWord,
        Some(b'D') => Premium::DoubleWord,
        Some(b't') => Premium::TripleLetter,
        Some(b'd') => Premium::DoubleLetter,
        _ => Premium::Plain,
    }
}

pub fn is_star(row: usize, col: usize) -> bool {
    (row, col) == STAR
}

/// True for 0–14 on both axes.
pub fn on_board(row: usize, col: usize) -> bool {
    row < SIZE && col < SIZE
}

/// One tile placed on one square: `{"row": 7, "col": 8, "el": "O", "wild": true}`; a Wild
/// Isotope carries its chosen element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub row: u8,
    pub col: u8,
    pub el: Element,
    pub wild: bool,
}

impl Placement {
    /// As written in a record: `"wild"` only when true.
    pub fn to_value(&self) -> Value {
        let mut map = Map::new();
        map.insert("row".into(), self.row.into());
        map.insert("col".into(), self.col.into());
        map.insert("el".into(), self.el.symbol().into());
        if self.wild {
            map.insert("wild".into(), true.into());
        }
        Value::Object(map)
    }

    pub fn new(row: u8, col: u8, el: Element) -> Placement {
        Placement {
            row,
            col,
            el,
            wild: false,
        }
    }

    /// A Wild Isotope played as `el`.
    pub fn wild(row: u8, col: u8, el: Element) -> Placement {
        Placement {
            row,
            col,
            el,
            wild: true,
        }
    }

    /// The rack tile it uses: `?` for a Wild Isotope.
    pub fn rack_tile(self) -> Tile {
        if self.wild {
            Tile::Wild
        } else {
            Tile::Element(self.el)
        }
    }

    /// What it is worth when scored: a Wild Isotope always 0.
    pub fn points(self) -> i32 {
        self.tile().points()
    }

    pub fn tile(self) -> BoardTile {
        BoardTile {
            el: self.el,
            wild: self.wild,
        }
    }
}

/// A tile on the board: its element (chosen, for a Wild Isotope) and whether it is wild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardTile {
    pub el: Element,
    pub wild: bool,
}

impl BoardTile {
    /// Face value: a Wild Isotope scores 0.
    pub fn points(self) -> i32 {
        if self.wild {
            0
        } else {
            i32::from(self.el.points())
        }
    }

    /// What it was on the rack: `?` for a Wild Isotope.
    pub fn rack_tile(self) -> Tile {
        if self.wild {
            Tile::Wild
        } else {
            Tile::Element(self.el)
        }
    }
}

/// The tiles on the board, one flat array of 225 squares, row by row.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    squares: [Option<BoardTile>; SQUARES],
    tiles: usize,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    pub fn new() -> Board {
        Board {
            squares: [None; SQUARES],
            tiles: 0,
        }
    }

    /// The tile on a square; `None` when empty or off the board.
    pub fn get(&self, row: usize, col: usize) -> Option<BoardTile> {
        if on_board(row, col) {
            self.squares[row * SIZE + col]
        } else {
            None
        }
    }

    pub fn is_filled(&self, row: usize, col: usize) -> bool {
        self.get(row, col).is_some()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles == 0
    }

    /// How many tiles are on the board.
    pub fn len(&self) -> usize {
        self.tiles
    }

    /// Every tile on the board in reading order.
    pub fn placements(&self) -> impl Iterator<Item = Placement> + '_ {
        self.squares.iter().enumerate().filter_map(|(i, square)| {
            square.map(|t| Placement {
                row: (i / SIZE) as u8,
                col: (i % SIZE) as u8,
                el: t.el,
                wild: t.wild,
            })
        })
    }

    /// Puts tiles down without any rule check; the caller (placement) has checked them.
    /// Squares off the board or already taken are skipped, so this can never panic.
    pub(crate) fn put(&mut self, tiles: &[Placement]) {
        for p in tiles {
            let (row, col) = (usize::from(p.row), usize::from(p.col));
            if on_board(row, col) && self.squares[row * SIZE + col].is_none() {
                self.squares[row * SIZE + col] = Some(p.tile());
                self.tiles += 1;
            }
        }
    }

    /// A copy with `tiles` added, to read the formulas a tentative play would make.
    pub fn with(&self, tiles: &[Placement]) -> Board {
        let mut board = self.clone();
        board.put(tiles);
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(p: Premium) -> usize {
        (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
            .filter(|&(r, c)| premium(r, c) == p)
            .count()
    }

    #[test]
    fn the_board_has_8_tw_17_dw_12_tl_24_dl() {
        assert_eq!(count(Premium::TripleWord), 8);
        assert_eq!(count(Premium::DoubleWord), 17);
        assert_eq!(count(Premium::TripleLetter), 12);
        assert_eq!(count(Premium::DoubleLetter), 24);
    }

    #[test]
    fn the_star_is_the_centre_and_a_double_word() {
        assert!(is_star(7, 7));
        assert!(!is_star(7, 8));
        assert_eq!(premium(7, 7), Premium::DoubleWord);
    }

    #[test]
    fn premiums_are_symmetric_under_all_eight_board_symmetries() {
        let n = SIZE - 1;
        for r in 0..SIZE {
            for c in 0..SIZE {
                let p = premium(r, c);
                for (rr, cc) in [
                    (r, c),
                    (c, r),
                    (n - r, c),
                    (r, n - c),
                    (n - r, n - c),
                    (n - c, n - r),
                    (c, n - r),
                    (n - c, r),
                ] {
                    assert_eq!(premium(rr, cc), p, "({r},{c}) vs ({rr},{cc})");
                }
            }
        }
    }

    #[test]
    fn premiums_match_the_spec_corners_and_edges() {
        assert_eq!(premium(0, 0), Premium::TripleWord);
        assert_eq!(premium(0, 7), Premium::TripleWord);
        assert_eq!(premium(0, 3), Premium::DoubleLetter);
        assert_eq!(premium(1, 1), Premium::DoubleWord);
        assert_eq!(premium(1, 5), Premium::TripleLetter);
        assert_eq!(premium(5, 5), Premium::TripleLetter);
        assert_eq!(premium(6, 6), Premium::DoubleLetter);
        assert_eq!(premium(4, 4), Premium::DoubleWord);
        assert_eq!(premium(7, 3), Premium::DoubleLetter);
        assert_eq!(premium(15, 0), Premium::Plain);
    }

    #[test]
    fn getting_off_the_board_is_empty_not_a_panic() {
        let board = Board::new();
        assert_eq!(board.get(15, 3), None);
        assert_eq!(board.get(usize::MAX, usize::MAX), None);
        assert!(board.is_empty());
    }

    #[test]
    fn a_wild_isotope_on_the_board_is_worth_zero() {
        let mut board = Board::new();
        board.put(&[
            Placement::wild(7, 7, Element::U),
            Placement::new(7, 8, Element::O),
        ]);
        assert_eq!(board.get(7, 7).map(BoardTile::points), Some(0));
        assert_eq!(board.get(7, 8).map(BoardTile::points), Some(1));
        assert_eq!(board.len(), 2);
        assert_eq!(board.placements().count(), 2);
    }
}
