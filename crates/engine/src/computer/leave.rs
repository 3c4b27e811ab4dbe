//! What the tiles a player keeps are worth to their next turn (the rack leave), one table per referee, learned by `examples/train_leaves.rs` and read from `leaves/*.txt`.

// A table says, for each tile, what keeping it adds to the keeper's next best play against
// drawing a fresh tile from the unseen ones, and what each further copy of it adds (usually
// less: two of a kind make fewer formulas). The trainer measures it on random racks, never on
// the leaves a player chose to keep: those are chosen for being poor, and a fit on them makes
// every tile look worth less than nothing.

use std::fmt;
use std::sync::OnceLock;

use crate::elements::{Element, Tile};
use crate::referee::Mode;

/// Tile kinds: the 33 elements in the tile-list order, the Wild Isotope last.
const KINDS: usize = Element::COUNT + 1;

/// Values beyond this many points are refused as a slip in the file.
const MOST_POINTS: f64 = 100.0;

/// A referee's leave values, in tenths of a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaveTable {
    value: [i16; KINDS],
    duplicate: [i16; KINDS],
}

/// Why a leave table could not be read: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaveTableError {
    Line { line: usize, reason: String },
    Missing(&'static str),
}

impl fmt::Display for LeaveTableError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeaveTableError::Line { line, reason } => {
                write!(out, "leave table, line {line}: {reason}")
            }
            LeaveTableError::Missing(symbol) => {
                write!(out, "leave table: no line for {symbol}")
            }
        }
    }
}

impl std::error::Error for LeaveTableError {}

fn kind(t: Tile) -> usize {
    match t {
        Tile::Element(e) => e.index(),
        Tile::Wild => Element::COUNT,
    }
}

fn symbol_of(k: usize) -> &'static str {
    Element::ALL.get(k).map_or("?", |e| e.symbol())
}

impl LeaveTable {
    /// A table where every leave is worth 0 (the Chemist's view).
    pub fn zero() -> LeaveTable {
        LeaveTable {
            value: [0; KINDS],
            duplicate: [0; KINDS],
        }
    }

    /// Reads a table: `#` comments and blank lines aside, one line per tile, `SYMBOL VALUE
    /// DUPLICATE` in points (`H 0.8 -0.6`; `?` for the Wild Isotope), every tile once.
    pub fn parse(text: &str) -> Result<LeaveTable, LeaveTableError> {
        let mut table = LeaveTable::zero();
        let mut seen = [false; KINDS];
        for (n, line) in text.lines().enumerate() {
            let bad = |reason: String| LeaveTableError::Line {
                line: n + 1,
                reason,
            };
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [symbol, value, duplicate] = words[..] else {
                return Err(bad(format!(
                    "expected a tile, its value and a duplicate's, not \"{line}\""
                )));
            };
            let tile = Tile::from_symbol(symbol)
                .ok_or_else(|| bad(format!("\"{symbol}\" is not a tile")))?;
            let k = kind(tile);
            if seen[k] {
                return Err(bad(format!("{symbol} a second time")));
            }
            seen[k] = true;
            let points = |text: &str| {
                text.parse::<f64>()
                    .ok()
                    .filter(|p| p.is_finite() && p.abs() <= MOST_POINTS)
                    .map(|p| (p * 10.0).round() as i16)
                    .ok_or_else(|| bad(format!("\"{text}\" is not a number of points")))
            };
            table.value[k] = points(value)?;
            table.duplicate[k] = points(duplicate)?;
        }
        match seen.iter().position(|&s| !s) {
            Some(k) => Err(LeaveTableError::Missing(symbol_of(k))),
            None => Ok(table),
        }
    }

    /// The table for a referee, read once from the committed files.
    pub fn of(mode: Mode) -> &'static LeaveTable {
        static TABLES: OnceLock<[LeaveTable; 3]> = OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            // the files are tested to read; were one broken, its leaves would count nothing
            let read = |text: &str| LeaveTable::parse(text).unwrap_or_else(|_| Self::zero());
            [
                read(include_str!("leaves/standard.txt")),
                read(include_str!("leaves/theory.txt")),
                read(include_str!("leaves/chemist.txt")),
            ]
        });
        match mode {
            Mode::Standard => &tables[0],
            Mode::Theory => &tables[1],
            Mode::Chemist => &tables[2],
        }
    }

    /// What keeping `tile` alone adds, in tenths of a point.
    pub fn tile(&self, tile: Tile) -> i32 {
        i32::from(self.value[kind(tile)])
    }

    /// A leave's value in tenths of a point: each tile's value, and each further copy's.
    pub fn value(&self, kept: &[Tile]) -> i32 {
        let mut counts = [0u8; KINDS];
        let mut sum = 0;
        for &t in kept {
            let k = kind(t);
            sum += i32::from(if counts[k] == 0 {
                self.value[k]
            } else {
                self.duplicate[k]
            });
            counts[k] += 1;
        }
        sum
    }

    /// At least what any leave of `rack` is worth: helium and neon are never played, so
    /// always kept; of the others, each copy counted only if it is worth something.
    pub fn best(&self, rack: &[Tile]) -> i32 {
        let mut counts = [0u8; KINDS];
        let mut sum = 0;
        for &t in rack {
            let k = kind(t);
            let v = i32::from(if counts[k] == 0 {
                self.value[k]
            } else {
                self.duplicate[k]
            });
            counts[k] += 1;
            sum += match t {
                Tile::Element(e) if !e.forms_bonds() => v,
                _ => v.max(0),
            };
        }
        sum
    }

    /// The table as a file, in points, every tile in the tile-list order.
    pub fn to_text(&self) -> String {
        (0..KINDS)
            .map(|k| {
                format!(
                    "{:<2} {:.1} {:.1}\n",
                    symbol_of(k),
                    f64::from(self.value[k]) / 10.0,
                    f64::from(self.duplicate[k]) / 10.0
                )
            })
            .collect()
    }

    /// A table of the given values, in tenths of a point, by tile kind.
    pub fn from_tenths(value: [i16; KINDS], duplicate: [i16; KINDS]) -> LeaveTable {
        LeaveTable { value, duplicate }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn every_tile(line: impl Fn(&str) -> String) -> String {
        (0..KINDS).map(|k| line(symbol_of(k)) + "\n").collect()
    }

    #[test]
    fn the_committed_tables_read() {
        for text in [
            include_str!("leaves/standard.txt"),
            include_str!("leaves/theory.txt"),
            include_str!("leaves/chemist.txt"),
        ] {
            let table = LeaveTable::parse(text);
            assert!(table.is_ok(), "{table:?}");
        }
        assert_ne!(LeaveTable::of(Mode::Standard), &LeaveTable::zero());
    }

    #[test]
    fn a_table_reads_in_points_with_comments_and_round_trips() {
        let text = format!(
            "# a comment\n\n{}",
            every_tile(|s| match s {
                "H" => "H 1.5 -0.7   # hydrogen".into(),
                "?" => "? 9 2".into(),
                _ => format!("{s} 0 0"),
            })
        );
        let table = LeaveTable::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        let h = Tile::Element(Element::H);
        assert_eq!(table.tile(h), 15);
        assert_eq!(table.value(&[h, h, h]), 15 - 7 - 7);
        assert_eq!(table.value(&[Tile::Wild, h]), 90 + 15);
        assert_eq!(LeaveTable::parse(&table.to_text()), Ok(table));
    }

    #[test]
    fn bad_tables_are_refused_with_the_line_and_never_panic() {
        let good = every_tile(|s| format!("{s} 1 0"));
        let cases = [
            (good.replace("He 1 0", "Xx 1 0"), "line 32", "not a tile"),
            (good.replace("H 1 0", "H one 0"), "line 1", "not a number"),
            (good.replace("O 1 0", "O 1"), "line 2", "expected"),
            (good.replace("C 1 0", "C 1 0 2"), "line 3", "expected"),
            (good.replace("N 1 0", "N 1e9 0"), "line 4", "not a number"),
            (good.replace("Na 1 0", "Na NaN 0"), "line 5", "not a number"),
            (good.replace("Cl 1 0", "H 1 0"), "line 6", "second time"),
            (good.replace("? 1 0", ""), "no line for ?", ""),
            (String::new(), "no line for H", ""),
            ("\u{0}\u{ffff} é".to_string(), "line 1", ""),
        ];
        for (text, at, why) in cases {
            let message = match LeaveTable::parse(&text) {
                Ok(_) => panic!("{text:?} was read"),
                Err(e) => e.to_string(),
            };
            assert!(message.contains(at), "{message}");
            assert!(message.contains(why), "{message}");
        }
    }

    #[test]
    fn the_best_leave_bounds_every_leave() {
        let table = LeaveTable::of(Mode::Theory);
        let rack: Vec<Tile> = ["H", "H", "O", "He", "?", "U", "C"]
            .iter()
            .filter_map(|s| Tile::from_symbol(s))
            .collect();
        let best = table.best(&rack);
        for mask in 0u32..1 << rack.len() {
            let kept: Vec<Tile> = (0..rack.len())
                .filter(|i| mask & 1 << i != 0)
                .map(|i| rack[i])
                .collect();
            // helium is never played, so every leave keeps it
            if kept.contains(&Tile::Element(Element::He)) {
                assert!(table.value(&kept) <= best, "{kept:?}");
            }
        }
    }
}
