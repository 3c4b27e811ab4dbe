//! The computer players' levels (RULES §10): one name each, the one a player sees (Apprentice,
//! Chemist, Professor); the record's codes (`novice`, `greedy`, `expert`) are the format's and
//! never change. The record reads levels from here, not from the computer players.

use std::fmt;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A beginner: the best of the plays it finds, overlooking whole classes of plays each
    /// turn (record code `novice`; `computer::Overlooked`).
    Apprentice,
    /// The highest-scoring play now, and nothing else (record code `greedy`).
    Chemist,
    /// Weighs the tiles it keeps and what the unseen tiles could do next, not only this turn
    /// (record code `expert`).
    Professor,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Apprentice, Level::Chemist, Level::Professor];

    /// "novice", "greedy", "expert": the record's `computers` entries and `--players`.
    pub fn code(self) -> &'static str {
        match self {
            Level::Apprentice => "novice",
            Level::Chemist => "greedy",
            Level::Professor => "expert",
        }
    }

    /// The name a player sees.
    pub fn name(self) -> &'static str {
        match self {
            Level::Apprentice => "Apprentice",
            Level::Chemist => "Chemist",
            Level::Professor => "Professor",
        }
    }

    /// How hard it is to beat, in a word: "easy", "medium", "hard".
    pub fn hardness(self) -> &'static str {
        match self {
            Level::Apprentice => "easy",
            Level::Chemist => "medium",
            Level::Professor => "hard",
        }
    }

    /// What it is like to play against, in one line (the Play tab and How to play).
    pub fn about(self) -> &'static str {
        match self {
            Level::Apprentice => {
                "reads the board one way a turn and often misses plays that cross other \
                 formulas, so it leaves you openings"
            }
            Level::Chemist => "always plays the highest score on the board, and nothing more",
            Level::Professor => {
                "weighs the tiles it keeps, looks ahead to your answers in Theory Mode, \
                 searches the endgame, and won't let a stuck game end while it is behind"
            }
        }
    }

    /// Reads a code; case-sensitive, like every code in a record.
    pub fn from_code(code: &str) -> Result<Level, UnknownLevel> {
        Level::parse(code).ok_or_else(|| UnknownLevel(code.to_string()))
    }

    /// [`Level::from_code`] without the error: what the app's record reader needs.
    pub fn parse(code: &str) -> Option<Level> {
        match code {
            "novice" => Some(Level::Apprentice),
            "greedy" => Some(Level::Chemist),
            "expert" => Some(Level::Professor),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str(self.name())
    }
}

/// A level code that is none of the three; `Display` says which ones there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            out,
            "\"{}\" is not a computer level: use \"novice\", \"greedy\" or \"expert\".",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}
