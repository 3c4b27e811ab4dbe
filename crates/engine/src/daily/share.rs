//! The Daily Bench's share text: date, mode, score, rank and one mark per turn for how close the play came to the best there was, no tiles.

use std::fmt;

use crate::calendar::Date;
use crate::error::ReplayError;
use crate::game::Game;
use crate::kind::Kind;
use crate::movegen::MoveGenerator;
use crate::rank::Rank;
use crate::record::{GameRecord, Move};
use crate::referee::Mode;

/// How one turn compared with the best play the move generator found for that rack and board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// 🟩 at least 90 % of the best play's score (or more: the best play by this turn's score).
    Top,
    /// 🟨 at least 50 %.
    Good,
    /// 🟧 under 50 %.
    Low,
    /// ⬜ an exchange (or a pass): no tiles placed.
    NoPlay,
}

impl Mark {
    pub fn emoji(self) -> &'static str {
        match self {
            Mark::Top => "🟩",
            Mark::Good => "🟨",
            Mark::Low => "🟧",
            Mark::NoPlay => "⬜",
        }
    }

    /// A play's mark from its score and the best score available; integer arithmetic, so
    /// every implementation draws the same line.
    pub fn of_play(score: i32, best: i32) -> Mark {
        let (score, best) = (i64::from(score), i64::from(best));
        if 10 * score >= 9 * best {
            Mark::Top
        } else if 2 * score >= best {
            Mark::Good
        } else {
            Mark::Low
        }
    }
}

/// Marks per line of the share text.
pub const MARKS_PER_LINE: usize = 10;

/// Why a record has no share text; `Display` is for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    NotSolitaire,
    NotFinished,
    /// The record's moves do not replay (it was changed by hand).
    Replay(ReplayError),
}

impl fmt::Display for ShareError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::NotSolitaire => {
                out.write_str("Only a Solitaire game (the Daily Bench) has a share text.")
            }
            ShareError::NotFinished => {
                out.write_str("The game is not over yet: its share text comes at the end.")
            }
            ShareError::Replay(e) => write!(out, "This game can't be replayed: {e}"),
        }
    }
}

impl std::error::Error for ShareError {}

/// One mark per turn that placed or exchanged tiles (End game has none), replaying the record
/// and asking the move generator for the best play before each of its plays.
pub fn marks(record: &GameRecord) -> Result<Vec<Mark>, ShareError> {
    if record.kind != Kind::Solitaire {
        return Err(ShareError::NotSolitaire);
    }
    let mut start = record.clone();
    let moves = std::mem::take(&mut start.moves);
    let mut game = Game::start(start).map_err(|e| {
        ShareError::Replay(ReplayError {
            move_index: 0,
            error: crate::error::MoveError::Record(e),
        })
    })?;
    let mut generator = MoveGenerator::new();
    let mut marks = Vec::with_capacity(moves.len());
    for (move_index, mv) in moves.iter().enumerate() {
        let best = match mv {
            Move::Play(_) => generator.best_play(&game).map(|c| c.score),
            _ => None,
        };
        let turn = game
            .apply(mv)
            .map_err(|error| ShareError::Replay(ReplayError { move_index, error }))?;
        match mv {
            // the generator found nothing better than a legal play only if it missed it:
            // the play is then the best there was
            Move::Play(_) => marks.push(Mark::of_play(turn.score, best.unwrap_or(turn.score))),
            Move::Exchange(_) | Move::Pass => marks.push(Mark::NoPlay),
            Move::End => {}
        }
    }
    if !game.is_over() {
        return Err(ShareError::NotFinished);
    }
    Ok(marks)
}

/// The text a player shares after a Daily Bench game:
///
/// ```text
/// Molecular Scrabble Daily Bench 2026-11-30 · Theory Mode
/// 212 points · Research Chemist
/// 🟩🟨🟩⬜🟧🟩🟩🟨🟩🟩
/// 🟩🟩🟨
/// ```
///
/// A practice game (not the day's counted attempt) says so in the first line. No tile,
/// formula or square appears, so it spoils nothing for who has yet to play.
pub fn share_text(date: Date, record: &GameRecord, practice: bool) -> Result<String, ShareError> {
    let marks = marks(record)?;
    // marks() replayed the record, so this replay succeeds; its error is reported all the same
    let game = Game::replay(record).map_err(ShareError::Replay)?;
    let score = game.scores().first().copied().unwrap_or(0);
    let mut text = format!(
        "Molecular Scrabble Daily Bench {date} · {}",
        Mode::name(record.mode())
    );
    if practice {
        text.push_str(" (practice)");
    }
    let points = if score == 1 || score == -1 {
        "point"
    } else {
        "points"
    };
    text.push_str(&format!(
        "\n{score} {points} · {}",
        Rank::from_score(score).name()
    ));
    // a score helped by hints says so, as the results do
    match record.hints.len() {
        0 => {}
        1 => text.push_str(" · 1 hint"),
        n => text.push_str(&format!(" · {n} hints")),
    }
    for line in marks.chunks(MARKS_PER_LINE) {
        text.push('\n');
        for mark in line {
            text.push_str(mark.emoji());
        }
    }
    Ok(text)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::board::Placement;
    use crate::computer::{Computer, Level};
    use crate::daily::attempt_record;
    use crate::elements::{Element::*, Tile};
    use crate::selfplay;

    use crate::calendar::test_date as date;

    #[test]
    fn a_play_is_marked_by_how_close_it_came_to_the_best() {
        assert_eq!(Mark::of_play(90, 100), Mark::Top);
        assert_eq!(Mark::of_play(89, 100), Mark::Good);
        assert_eq!(Mark::of_play(120, 100), Mark::Top);
        assert_eq!(Mark::of_play(50, 100), Mark::Good);
        assert_eq!(Mark::of_play(49, 100), Mark::Low);
        assert_eq!(Mark::of_play(1, 100), Mark::Low);
        assert_eq!(Mark::of_play(9, 10), Mark::Top);
        assert_eq!(Mark::of_play(5, 11), Mark::Low);
        assert_eq!(Mark::of_play(i32::MAX, i32::MAX), Mark::Top);
        let emoji: Vec<&str> = [Mark::Top, Mark::Good, Mark::Low, Mark::NoPlay]
            .map(Mark::emoji)
            .to_vec();
        assert_eq!(emoji, ["🟩", "🟨", "🟧", "⬜"]);
    }

    #[test]
    fn greedy_play_shares_only_green_and_white() {
        let start = attempt_record(date("2026-11-30"), Mode::Theory, 0);
        let mut computer = Computer::new();
        let mut record = selfplay::play_game(
            &mut computer,
            start.seed,
            Mode::Theory,
            &[Level::Chemist],
            0,
        )
        .record;
        record.players = start.players.clone();
        let marks = marks(&record).unwrap_or_default();
        let turns = record
            .moves
            .iter()
            .filter(|m| !matches!(m, Move::End))
            .count();
        assert_eq!(marks.len(), turns);
        assert!(marks.iter().all(|m| matches!(m, Mark::Top | Mark::NoPlay)));
        let Ok(text) = share_text(date("2026-11-30"), &record, false) else {
            panic!("no share text");
        };
        let score = Game::replay(&record)
            .ok()
            .and_then(|g| g.scores().first().copied())
            .unwrap_or(0);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Molecular Scrabble Daily Bench 2026-11-30 · Theory Mode"
        );
        assert_eq!(
            lines[1],
            format!("{score} points · {}", Rank::from_score(score).name())
        );
        let grid: String = lines[2..].concat();
        let expected: String = marks.iter().map(|m| m.emoji()).collect();
        assert_eq!(grid, expected);
        assert_eq!(lines.len(), 2 + turns.div_ceil(MARKS_PER_LINE));
        assert!(lines[2..]
            .iter()
            .all(|l| l.chars().count() <= MARKS_PER_LINE));
    }

    #[test]
    fn a_weak_play_an_exchange_and_the_end_make_their_marks() {
        let mut start =
            GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 1);
        let tiles = [H, H, O, Na, Cl, K, C, O, O, N, H, H, S, Mg];
        start.bag = Some(tiles.iter().map(|&e| Tile::Element(e)).collect());
        let Ok(mut game) = Game::start(start.clone()) else {
            panic!("start");
        };
        let mut generator = MoveGenerator::new();
        let best = generator.best_play(&game).map_or(0, |c| c.score);
        let Ok(weak) = game
            .play(&[Placement::new(7, 7, Na), Placement::new(7, 8, Cl)])
            .map(|t| t.score)
        else {
            panic!("Na Cl refused");
        };
        assert!(2 * weak < best, "{weak} of {best}");
        let Ok(_) = game.exchange(&[Tile::Element(K)]) else {
            panic!("exchange refused");
        };
        assert!(game.end().is_ok());
        let record = game.record();
        assert_eq!(marks(&record), Ok(vec![Mark::Low, Mark::NoPlay]));
        let Ok(text) = share_text(date("2026-12-31"), &record, true) else {
            panic!("no share text");
        };
        // Na·Cl on the star, 8, less the 7 points left on the rack at End game
        assert_eq!(game.scores(), vec![1]);
        assert_eq!(
            text,
            "Molecular Scrabble Daily Bench 2026-12-31 · Theory Mode (practice)\n1 point · Lab \
             Assistant\n🟧⬜"
        );
        // a game played with hints says how many, as the results do
        let mut hinted = record.clone();
        hinted.hints = vec![0];
        let Ok(text) = share_text(date("2026-12-31"), &hinted, false) else {
            panic!("no share text");
        };
        assert_eq!(
            text.lines().nth(1),
            Some("1 point · Lab Assistant · 1 hint")
        );
        hinted.hints = vec![0, 1];
        let text = share_text(date("2026-12-31"), &hinted, false).unwrap_or_default();
        assert_eq!(
            text.lines().nth(1),
            Some("1 point · Lab Assistant · 2 hints")
        );
    }

    #[test]
    fn only_a_finished_solitaire_game_has_a_share_text() {
        let running = attempt_record(date("2026-11-30"), Mode::Standard, 0);
        assert_eq!(
            share_text(date("2026-11-30"), &running, false),
            Err(ShareError::NotFinished)
        );
        let mut table = running.clone();
        table.kind = Kind::PassAndPlay;
        table.players = vec!["A".into(), "B".into()];
        assert_eq!(
            share_text(date("2026-11-30"), &table, false),
            Err(ShareError::NotSolitaire)
        );
        let mut broken = running;
        broken.moves = vec![Move::Pass];
        let refused = share_text(date("2026-11-30"), &broken, false);
        assert!(matches!(refused, Err(ShareError::Replay(_))));
        assert!(refused
            .map_err(|e| e.to_string())
            .is_err_and(|e| e.contains("Solitaire has no passes")));
    }
}
