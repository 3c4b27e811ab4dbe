//! Where tiles may go (one line, no gaps, the star, touching) and the formulas a play makes (RULES §3).

use std::fmt;

use crate::board::{is_star, on_board, Board, Placement, SIZE};

/// Why tiles can't go where they were put; `Display` is for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementError {
    NoTiles,
    OffBoard { row: u8, col: u8 },
    SquareTaken { row: u8, col: u8 },
    SameSquareTwice { row: u8, col: u8 },
    NotInOneLine,
    Gap,
    FirstPlayMustCoverStar,
    FirstPlayNeedsTwoTiles,
    MustTouch,
    NoFormula,
}

impl fmt::Display for PlacementError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlacementError::NoTiles => out.write_str("Place some tiles on the board first."),
            PlacementError::OffBoard { row, col } => write!(
                out,
                "Row {row}, column {col} is off the board: rows and columns run from 0 to 14."
            ),
            PlacementError::SquareTaken { row, col } => write!(
                out,
                "The square at row {row}, column {col} already holds a tile."
            ),
            PlacementError::SameSquareTwice { row, col } => write!(
                out,
                "Two tiles were placed on the same square (row {row}, column {col})."
            ),
            PlacementError::NotInOneLine => {
                out.write_str("All the tiles you place must be in one row or one column.")
            }
            PlacementError::Gap => out.write_str(
                "Your tiles leave a gap: every square between the first and the last must be filled.",
            ),
            PlacementError::FirstPlayMustCoverStar => {
                out.write_str("The first formula of the game must cover the centre star.")
            }
            PlacementError::FirstPlayNeedsTwoTiles => {
                out.write_str("The first formula of the game must use at least two tiles.")
            }
            PlacementError::MustTouch => {
                out.write_str("Your tiles must touch a tile already on the board.")
            }
            PlacementError::NoFormula => {
                out.write_str("This play makes no formula: a formula needs two or more tiles in a line.")
            }
        }
    }
}

impl std::error::Error for PlacementError {}

/// Which way a formula reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Along a row, left to right.
    Across,
    /// Down a column, top to bottom.
    Down,
}

impl Direction {
    fn step(self) -> (usize, usize) {
        match self {
            Direction::Across => (0, 1),
            Direction::Down => (1, 0),
        }
    }

    pub fn across(self) -> Direction {
        match self {
            Direction::Across => Direction::Down,
            Direction::Down => Direction::Across,
        }
    }
}

/// A maximal run of two or more tiles: a formula's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    pub direction: Direction,
    /// Its first square (leftmost or topmost).
    pub row: usize,
    pub col: usize,
    pub len: usize,
}

impl Run {
    /// Its squares in reading order.
    pub fn squares(self) -> impl Iterator<Item = (usize, usize)> {
        let (dr, dc) = self.direction.step();
        (0..self.len).map(move |k| (self.row + k * dr, self.col + k * dc))
    }
}

/// The maximal run through (row, col) in `direction` on `board` (which must hold that square);
/// `None` when it is shorter than two tiles.
pub fn run_through(board: &Board, row: usize, col: usize, direction: Direction) -> Option<Run> {
    let (dr, dc) = direction.step();
    let (mut r, mut c) = (row, col);
    while r >= dr && c >= dc && board.is_filled(r - dr, c - dc) {
        r -= dr;
        c -= dc;
    }
    let mut len = 0;
    while board.is_filled(r + len * dr, c + len * dc) {
        len += 1;
    }
    (len >= 2).then_some(Run {
        direction,
        row: r,
        col: c,
        len,
    })
}

fn touches(board: &Board, row: usize, col: usize) -> bool {
    (row > 0 && board.is_filled(row - 1, col))
        || board.is_filled(row + 1, col)
        || (col > 0 && board.is_filled(row, col - 1))
        || board.is_filled(row, col + 1)
}

/// Checks where `tiles` go on `board` and returns the formulas they make: the main run first
/// (for a single tile, across before down), then crossings in reading order.
/// Rack and referee checks are the game's.
pub fn formulas_made(board: &Board, tiles: &[Placement]) -> Result<Vec<Run>, PlacementError> {
    let first = tiles.first().ok_or(PlacementError::NoTiles)?;
    for p in tiles {
        if !on_board(usize::from(p.row), usize::from(p.col)) {
            return Err(PlacementError::OffBoard {
                row: p.row,
                col: p.col,
            });
        }
    }
    for p in tiles {
        if board.is_filled(usize::from(p.row), usize::from(p.col)) {
            return Err(PlacementError::SquareTaken {
                row: p.row,
                col: p.col,
            });
        }
    }
    for (i, p) in tiles.iter().enumerate() {
        if tiles[..i].iter().any(|q| (q.row, q.col) == (p.row, p.col)) {
            return Err(PlacementError::SameSquareTwice {
                row: p.row,
                col: p.col,
            });
        }
    }
    let same_row = tiles.iter().all(|p| p.row == first.row);
    let same_col = tiles.iter().all(|p| p.col == first.col);
    let line = match (same_row, same_col) {
        (true, true) => None, // a single tile: both ways
        (true, false) => Some(Direction::Across),
        (false, true) => Some(Direction::Down),
        (false, false) => return Err(PlacementError::NotInOneLine),
    };
    let after = board.with(tiles);
    if let Some(direction) = line {
        let along = |p: &Placement| match direction {
            Direction::Across => usize::from(p.col),
            Direction::Down => usize::from(p.row),
        };
        let lo = tiles.iter().map(along).min().unwrap_or(0);
        let hi = tiles.iter().map(along).max().unwrap_or(0);
        let filled = (lo..=hi).all(|k| match direction {
            Direction::Across => after.is_filled(usize::from(first.row), k),
            Direction::Down => after.is_filled(k, usize::from(first.col)),
        });
        if !filled {
            return Err(PlacementError::Gap);
        }
    }
    if board.is_empty() {
        if !tiles
            .iter()
            .any(|p| is_star(usize::from(p.row), usize::from(p.col)))
        {
            return Err(PlacementError::FirstPlayMustCoverStar);
        }
        if tiles.len() < 2 {
            return Err(PlacementError::FirstPlayNeedsTwoTiles);
        }
    } else if !tiles
        .iter()
        .any(|p| touches(board, usize::from(p.row), usize::from(p.col)))
    {
        return Err(PlacementError::MustTouch);
    }

    let (row, col) = (usize::from(first.row), usize::from(first.col));
    let mut runs = Vec::new();
    match line {
        None => {
            runs.extend(run_through(&after, row, col, Direction::Across));
            runs.extend(run_through(&after, row, col, Direction::Down));
        }
        Some(direction) => {
            runs.extend(run_through(&after, row, col, direction));
            let mut new: Vec<(usize, usize)> = tiles
                .iter()
                .map(|p| (usize::from(p.row), usize::from(p.col)))
                .collect();
            crate::sort_small(&mut new);
            for (r, c) in new {
                runs.extend(run_through(&after, r, c, direction.across()));
            }
        }
    }
    if runs.is_empty() {
        return Err(PlacementError::NoFormula);
    }
    debug_assert!(runs.iter().all(|r| r.len <= SIZE));
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::Element::*;

    fn at(row: u8, col: u8) -> Placement {
        Placement::new(row, col, H)
    }

    fn opened() -> Board {
        // H H O across row 7, cols 6–8
        Board::new().with(&[
            Placement::new(7, 6, H),
            Placement::new(7, 7, H),
            Placement::new(7, 8, O),
        ])
    }

    #[test]
    fn first_play_must_cover_the_star() {
        let board = Board::new();
        assert_eq!(
            formulas_made(&board, &[at(7, 8), at(7, 9)]),
            Err(PlacementError::FirstPlayMustCoverStar)
        );
        assert!(formulas_made(&board, &[at(7, 7), at(7, 8)]).is_ok());
        assert!(formulas_made(&board, &[at(6, 7), at(7, 7)]).is_ok());
    }

    #[test]
    fn first_play_needs_two_tiles() {
        assert_eq!(
            formulas_made(&Board::new(), &[at(7, 7)]),
            Err(PlacementError::FirstPlayNeedsTwoTiles)
        );
    }

    #[test]
    fn tiles_must_lie_in_one_line() {
        assert_eq!(
            formulas_made(&Board::new(), &[at(7, 7), at(8, 8)]),
            Err(PlacementError::NotInOneLine)
        );
    }

    #[test]
    fn a_gap_is_illegal_but_tiles_on_the_board_may_fill_it() {
        assert_eq!(
            formulas_made(&Board::new(), &[at(7, 6), at(7, 8)]),
            Err(PlacementError::Gap)
        );
        // Na on (6,7) and Cl on (8,7) around the H already on the star
        let runs = formulas_made(&opened(), &[at(6, 7), at(8, 7)]);
        assert_eq!(
            runs,
            Ok(vec![Run {
                direction: Direction::Down,
                row: 6,
                col: 7,
                len: 3
            }])
        );
    }

    #[test]
    fn later_plays_must_touch_a_tile_on_the_board() {
        assert_eq!(
            formulas_made(&opened(), &[at(3, 3), at(3, 4)]),
            Err(PlacementError::MustTouch)
        );
    }

    #[test]
    fn squares_taken_twice_or_off_the_board_are_refused() {
        assert_eq!(
            formulas_made(&opened(), &[at(7, 7)]),
            Err(PlacementError::SquareTaken { row: 7, col: 7 })
        );
        assert_eq!(
            formulas_made(&Board::new(), &[at(7, 7), at(7, 7)]),
            Err(PlacementError::SameSquareTwice { row: 7, col: 7 })
        );
        assert_eq!(
            formulas_made(&Board::new(), &[at(7, 7), at(7, 15)]),
            Err(PlacementError::OffBoard { row: 7, col: 15 })
        );
        assert_eq!(
            formulas_made(&Board::new(), &[]),
            Err(PlacementError::NoTiles)
        );
    }

    #[test]
    fn a_single_tile_reads_across_before_down() {
        // a tile at (8,8) under the O: across it is alone, down it makes O·x
        let board = opened().with(&[Placement::new(8, 7, O)]);
        let runs = formulas_made(&board, &[at(8, 8)]).unwrap_or_default();
        assert_eq!(
            runs,
            vec![
                Run {
                    direction: Direction::Across,
                    row: 8,
                    col: 7,
                    len: 2
                },
                Run {
                    direction: Direction::Down,
                    row: 7,
                    col: 8,
                    len: 2
                },
            ]
        );
    }

    #[test]
    fn crossings_follow_the_main_formula_in_reading_order() {
        // row 8, cols 6..=8 under H H O: main across, then three crossings left to right
        let runs = formulas_made(&opened(), &[at(8, 8), at(8, 6), at(8, 7)]).unwrap_or_default();
        let starts: Vec<(Direction, usize, usize, usize)> = runs
            .iter()
            .map(|r| (r.direction, r.row, r.col, r.len))
            .collect();
        assert_eq!(
            starts,
            vec![
                (Direction::Across, 8, 6, 3),
                (Direction::Down, 7, 6, 2),
                (Direction::Down, 7, 7, 2),
                (Direction::Down, 7, 8, 2),
            ]
        );
    }
}
