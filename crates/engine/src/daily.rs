//! The Daily Bench (RULES §10): one Solitaire bag per date and mode, the same on every device, checked to be playable.

// A day's seed is a pure function of the date, the mode and an attempt number; the bag is the
// ordinary seeded shuffle of RULES §9. Attempt 0 is kept unless a computer player, playing the
// bag through, scores under the mode's threshold: then attempt 1, 2, … (docs/DAILY.md).

pub mod history;
pub mod share;

use crate::calendar::Date;
use crate::computer::{Computer, Level};
use crate::game::Game;
use crate::kind::Kind;
use crate::record::{read_rules, GameRecord};
use crate::referee::{Edition, Mode};
use crate::selfplay;

/// Attempts tried before the best of them is taken (docs/DAILY.md: why the thresholds are 2,000 and 20).
pub const MAX_ATTEMPTS: u32 = 16;

/// The Solitaire player's name in a Daily Bench record (RULES §9: Solitaire's player is "You").
pub const PLAYER: &str = "You";

/// The final score the checking player must reach on a day's bag for it to be kept; chosen
/// from the greedy player's scores over 2,000 dates per mode (docs/DAILY.md).
pub fn threshold(mode: Mode) -> i32 {
    match mode {
        Mode::Theory => 2_000,
        Mode::Standard => 20,
        Mode::Chemist => CHEMIST_THRESHOLD,
    }
}

/// splitmix64 (Steele, Lea & Flood 2014): add the golden gamma, then two xor-shift-multiply
/// rounds. A bijection on u64, so different inputs never collide.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The chemist's referee's threshold (docs/COMPUTER.md: the greedy player's scores).
pub const CHEMIST_THRESHOLD: i32 = 150;

/// Mode's number in the seed: Standard 0, Theory 1, Chemist 2.
fn mode_number(mode: Mode) -> u64 {
    match mode {
        Mode::Standard => 0,
        Mode::Theory => 1,
        Mode::Chemist => 2,
    }
}

/// The seed of a day's bag: `splitmix64(splitmix64(splitmix64(D) ^ M) ^ A)`, where D is the
/// date's Unix day number (days since 1970-01-01) as a 64-bit two's-complement integer, M the
/// mode (Standard 0, Theory 1, Chemist 2) and A the attempt (0, 1, …).
pub fn daily_seed(date: Date, mode: Mode, attempt: u32) -> u64 {
    let day = date.days_since_epoch() as u64;
    splitmix64(splitmix64(splitmix64(day) ^ mode_number(mode)) ^ u64::from(attempt))
}

/// The first day whose chemist's bench is chosen and played under [`Edition::Structures`]
/// (RULES §11): the days before it keep the rules their bags were chosen and played under,
/// [`Edition::Atoms`], so that no past day changes its bag or its verdicts.
pub const STRUCTURES_FROM: Date = Date::known(2026, 12, 8);

/// The first day an edition of the chemist's rules judges the Daily Bench (`None`: from the
/// first day there is).
fn first_day(edition: Edition) -> Option<Date> {
    match edition {
        Edition::Atoms => None,
        Edition::Structures => Some(STRUCTURES_FROM),
    }
}

/// The edition of the chemist's rules a day's bench under `mode` is chosen and played under:
/// the newest whose first day has come ([`STRUCTURES_FROM`]); [`Edition::Atoms`], read by
/// none, under the other referees.
pub fn daily_edition(date: Date, mode: Mode) -> Edition {
    let newest = Edition::ALL
        .into_iter()
        .rev()
        .find(|&e| first_day(e).is_none_or(|first| first <= date));
    read_rules(mode, newest)
}

/// A day's candidate record for one attempt: Solitaire, "You", the full bag shuffled by
/// [`daily_seed`], no moves, no variants, under the day's edition of the chemist's rules
/// ([`daily_edition`]).
pub fn attempt_record(date: Date, mode: Mode, attempt: u32) -> GameRecord {
    let mut record = GameRecord::new_game(
        Kind::Solitaire,
        mode,
        vec![PLAYER.to_string()],
        0,
        daily_seed(date, mode, attempt),
    );
    record.edition = daily_edition(date, mode);
    record
}

/// A day's bench and how it was chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyBench {
    pub date: Date,
    pub mode: Mode,
    /// Which attempt was kept (0 unless a bag was rerolled).
    pub attempt: u32,
    /// What the checking player scored on the kept bag.
    pub checked_score: i32,
    /// The record to play: Solitaire, no moves.
    pub record: GameRecord,
}

/// The day's bench as `player` judges playability: the first attempt on which `player` (given
/// a record with no moves, returning the final score it reaches) scores at least
/// [`threshold`]; if none of [`MAX_ATTEMPTS`] does, the highest-scoring one (the earliest on a
/// tie). Every device must use the same player for the same bags.
pub fn daily_bench(
    date: Date,
    mode: Mode,
    player: &mut dyn FnMut(&GameRecord) -> i32,
) -> DailyBench {
    let mut best: Option<DailyBench> = None;
    for attempt in 0..MAX_ATTEMPTS {
        let record = attempt_record(date, mode, attempt);
        let checked_score = player(&record);
        let bench = DailyBench {
            date,
            mode,
            attempt,
            checked_score,
            record,
        };
        if checked_score >= threshold(mode) {
            return bench;
        }
        if best
            .as_ref()
            .is_none_or(|b| checked_score > b.checked_score)
        {
            best = Some(bench);
        }
    }
    // MAX_ATTEMPTS > 0, so there is one
    best.unwrap_or_else(|| DailyBench {
        date,
        mode,
        attempt: 0,
        checked_score: 0,
        record: attempt_record(date, mode, 0),
    })
}

/// The checking player: today's greedy self-play player (the highest-scoring play each turn;
/// with none, an exchange while one is left, else End game), to the end of the game.
#[derive(Default)]
pub struct Greedy {
    computer: Computer,
}

impl Greedy {
    pub fn new() -> Greedy {
        Greedy::default()
    }

    /// The final score greedy play reaches from a Solitaire record's start (its seed, mode and
    /// edition of the chemist's rules: a Daily Bench record has no explicit bag and no
    /// variants).
    pub fn final_score(&mut self, record: &GameRecord) -> i32 {
        let mut start = GameRecord::new_game(
            Kind::Solitaire,
            record.mode(),
            vec!["Bot 1".to_string()],
            0,
            record.seed,
        );
        start.edition = record.edition();
        let outcome = selfplay::play_record(&mut self.computer, start, &[Level::Chemist]);
        Game::replay(&outcome.record)
            .ok()
            .and_then(|game| game.scores().first().copied())
            .unwrap_or(i32::MIN)
    }
}

/// The day's bench with the greedy checking player.
pub fn greedy_bench(date: Date, mode: Mode) -> DailyBench {
    let mut greedy = Greedy::new();
    daily_bench(date, mode, &mut |record| greedy.final_score(record))
}

/// The Daily Bench record for a date and mode (`molscrab daily`): Solitaire, no moves.
pub fn daily_record(date: Date, mode: Mode) -> GameRecord {
    greedy_bench(date, mode).record
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
