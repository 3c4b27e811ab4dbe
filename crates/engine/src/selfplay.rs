//! Computer players playing whole games against each other, checking the invariants after every move (RULES §8 `selfplay`).

use std::time::Instant;

use crate::computer::{Computer, Decision, Level};
use crate::game::Game;
use crate::kind::Kind;
use crate::record::{GameRecord, Move};
use crate::referee::Mode;
use crate::variants::Variants;
use molscrab_json::Value;

/// A game longer than this is stuck in a loop: a violation, and the game is abandoned.
pub const MAX_TURNS: usize = 2000;

/// One seat's figures over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatFigures {
    pub level: Level,
    /// The seat's final scores added up over the games.
    pub total_score: i64,
    /// Games in which this seat is among the winners (a tie counts for each top seat).
    pub wins: u32,
}

/// What `molscrab selfplay` prints (RULES §9, §10): one JSON line per run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The referee the games were played under.
    pub mode: Mode,
    /// The table variants they were played with (those of the run that fit its games).
    pub variants: Variants,
    /// The run's seed: the same seed, referee, variants and players play the same games.
    pub seed: u64,
    pub games: u32,
    pub turns: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// How many invariant violations were found; 0 for a healthy engine.
    pub violations: usize,
    /// What went wrong, for a person (the first few of them); not in the JSON line.
    pub details: Vec<String>,
    /// One per seat, in seat order.
    pub seats: Vec<SeatFigures>,
}

impl Summary {
    /// The JSON line: `{"mode":…,"variants":[…],"seed":…,"games":…,"turns":…,"seconds":…,
    /// "games_per_second":…,"violations":…,"seats":[{"level":…,"mean_score":…,"wins":…}]}`.
    pub fn to_json(&self) -> String {
        let games = f64::from(self.games.max(1));
        let seats = self
            .seats
            .iter()
            .map(|s| {
                Value::object([
                    ("level", s.level.code().into()),
                    ("mean_score", (s.total_score as f64 / games).into()),
                    ("wins", s.wins.into()),
                ])
            })
            .collect::<Vec<_>>();
        Value::object([
            ("mode", self.mode.code().into()),
            ("variants", self.variants.to_value()),
            ("seed", self.seed.into()),
            ("games", self.games.into()),
            ("turns", self.turns.into()),
            ("seconds", self.seconds.into()),
            ("games_per_second", self.games_per_second.into()),
            ("violations", self.violations.into()),
            ("seats", seats.into()),
        ])
        .to_string()
    }
}

/// One finished game between computer players.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub record: GameRecord,
    pub turns: usize,
    pub violations: Vec<String>,
    /// Final scores by seat, and the winning seats (empty if the game never ended).
    pub scores: Vec<i32>,
    pub winners: Vec<usize>,
}

// only the first few details are kept; the count is exact
const DETAILS_KEPT: usize = 20;

/// Game `index`'s seed, from the run's: splitmix64, so neighbouring games differ widely.
pub fn game_seed(seed: u64, index: u32) -> u64 {
    let mut z = seed.wrapping_add(
        u64::from(index)
            .wrapping_add(1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays `games` complete games of `players` greedy computer players (1 = Solitaire, 2–4 =
/// Pass and Play); the same arguments play the same games.
pub fn run(games: u32, seed: u64, mode: Mode, players: usize) -> Summary {
    run_levels(games, seed, mode, &vec![Level::Chemist; players])
}

/// Plays `games` complete games, seat `i` played at `levels[i]` (one level = Solitaire).
/// Game `n` starts with seat `n % seats`, so every seat moves first equally often.
pub fn run_levels(games: u32, seed: u64, mode: Mode, levels: &[Level]) -> Summary {
    run_with(&mut Computer::new(), games, seed, mode, levels)
}

/// [`run_levels`] with the computer players' tools given (an expert tuned otherwise).
pub fn run_with(
    computer: &mut Computer,
    games: u32,
    seed: u64,
    mode: Mode,
    levels: &[Level],
) -> Summary {
    run_with_variants(computer, games, seed, mode, Variants::NONE, levels)
}

/// [`run_with`] with the games played under table variants (those that fit the games).
pub fn run_with_variants(
    computer: &mut Computer,
    games: u32,
    seed: u64,
    mode: Mode,
    variants: Variants,
    levels: &[Level],
) -> Summary {
    let started = Instant::now();
    let mut turns = 0u64;
    let mut violations = 0;
    let mut details = Vec::new();
    let mut seats: Vec<SeatFigures> = levels
        .iter()
        .map(|&level| SeatFigures {
            level,
            total_score: 0,
            wins: 0,
        })
        .collect();
    for index in 0..games {
        let first = index as usize % levels.len().max(1);
        let outcome = play_game_with(
            computer,
            game_seed(seed, index),
            mode,
            variants,
            levels,
            first,
        );
        turns += outcome.turns as u64;
        violations += outcome.violations.len();
        for v in outcome.violations {
            if details.len() < DETAILS_KEPT {
                details.push(format!("game {index}: {v}"));
            }
        }
        for (seat, figures) in seats.iter_mut().enumerate() {
            figures.total_score += i64::from(outcome.scores.get(seat).copied().unwrap_or(0));
            figures.wins += u32::from(outcome.winners.contains(&seat));
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    Summary {
        mode,
        variants: variants.fitting(Kind::of_seats(levels.len()), mode),
        seed,
        games,
        turns,
        seconds,
        games_per_second: if seconds > 0.0 {
            f64::from(games) / seconds
        } else {
            0.0
        },
        violations,
        details,
        seats,
    }
}

/// One game, seat `i` played by a computer at `levels[i]`, seat `first` moving first. A play
/// must score exactly what the generator said, and every move must be allowed.
pub fn play_game(
    computer: &mut Computer,
    seed: u64,
    mode: Mode,
    levels: &[Level],
    first: usize,
) -> Outcome {
    play_game_with(computer, seed, mode, Variants::NONE, levels, first)
}

/// [`play_game`] under table variants (those that fit the game). Under Speed Lab no turn is
/// timed out: every seat is a computer, and the clock times a person's turn only, as in the
/// app (`src/ui/timer.rs`), a computer always moving in time; so a Speed Lab game plays as the
/// untimed one would, with the variant in its record.
pub fn play_game_with(
    computer: &mut Computer,
    seed: u64,
    mode: Mode,
    variants: Variants,
    levels: &[Level],
    first: usize,
) -> Outcome {
    let players = levels.len();
    let kind = Kind::of_seats(players);
    let names = (1..=players).map(|i| format!("Bot {i}")).collect();
    let mut record = GameRecord::new_game(kind, mode, names, first, seed);
    record.variants = variants.fitting(kind, mode);
    play_record(computer, record, levels)
}

/// [`play_game`] from a record's start (its moves are not played): its players, bag, referee,
/// edition of the chemist's rules and variants, seat `i` played by a computer at `levels[i]`.
pub fn play_record(computer: &mut Computer, start: GameRecord, levels: &[Level]) -> Outcome {
    let mut record = start;
    record.moves.clear();
    let mut violations = Vec::new();
    let mut game = match Game::start(record.clone()) {
        Ok(game) => game,
        Err(e) => {
            violations.push(format!("can't start: {e}"));
            return Outcome {
                record,
                turns: 0,
                violations,
                scores: Vec::new(),
                winners: Vec::new(),
            };
        }
    };
    while !game.is_over() {
        if game.turns().len() >= MAX_TURNS {
            violations.push(format!("no end after {MAX_TURNS} turns"));
            break;
        }
        let level = levels
            .get(game.to_move())
            .copied()
            .unwrap_or(Level::Chemist);
        let Some(decision) = computer.decide(&game, level) else {
            break;
        };
        let result = match &decision {
            // the generator's score includes the Biology Bonus, as the game awards it
            Decision::Play(play) => match (play.score, game.play(&play.tiles)) {
                (expected, Ok(turn)) if turn.score == expected => Ok(()),
                (expected, Ok(turn)) => {
                    violations.push(format!(
                        "play {:?} scored {} but the generator said {expected}",
                        play.tiles, turn.score
                    ));
                    Ok(())
                }
                (_, Err(e)) => Err(format!("generated play {:?} refused: {e}", play.tiles)),
            },
            Decision::Other(mv) => game
                .apply(mv)
                .map(|_| ())
                .map_err(|e| format!("{} refused: {e}", describe(mv))),
        };
        if let Err(e) = result {
            violations.push(e);
            break;
        }
        if let Err(e) = game.check_invariants() {
            violations.push(format!("after turn {}: {e}", game.turns().len()));
        }
    }
    if let Err(e) = replays_the_same(&game) {
        violations.push(e);
    }
    Outcome {
        record: game.record(),
        turns: game.turns().len(),
        violations,
        scores: game.scores(),
        winners: game.winners().unwrap_or_default(),
    }
}

/// Every referee of `modes` with every set of table variants a game of `seats` seats can be
/// played with (the sets [`Variants::misfit`] allows), referee by referee, the plain rules first.
pub fn every_table(modes: &[Mode], seats: usize) -> Vec<(Mode, Variants)> {
    let kind = Kind::of_seats(seats);
    modes
        .iter()
        .flat_map(|&mode| {
            Variants::every_set()
                .filter(move |v| v.misfit(kind, mode).is_none())
                .map(move |v| (mode, v))
        })
        .collect()
}

/// The seed of a sweep's run under `mode` and `variants`, from the sweep's: each run plays
/// games of its own, so sets the computers play alike (Junior Chemist only opens the card;
/// Speed Lab times no computer) still add games. It depends on the pair only, not on the
/// other runs, and is below 2^53, so any JSON reader reads it exactly from the run's line.
pub fn table_seed(seed: u64, mode: Mode, variants: Variants) -> u64 {
    let referee: u32 = match mode {
        Mode::Standard => 0,
        Mode::Theory => 1,
        Mode::Chemist => 2,
    };
    let set = variants.iter().fold(0u32, |bits, v| bits | 1 << (v as u32));
    game_seed(seed, 1 << 31 | referee << 8 | set) >> 11
}

/// `games` games under each of [`every_table`]'s pairs, each pair's seeded by [`table_seed`]:
/// one summary per pair, in [`every_table`]'s order, each as soon as its games are played.
pub fn sweep<'a>(
    computer: &'a mut Computer,
    games: u32,
    seed: u64,
    modes: &[Mode],
    levels: &'a [Level],
) -> impl Iterator<Item = Summary> + 'a {
    every_table(modes, levels.len())
        .into_iter()
        .map(move |(mode, variants)| {
            let seed = table_seed(seed, mode, variants);
            run_with_variants(computer, games, seed, mode, variants, levels)
        })
}

fn describe(mv: &Move) -> String {
    mv.to_value().to_string()
}

/// Replaying the game's record reproduces it: board, racks, bag, turns, scores, ending.
fn replays_the_same(game: &Game) -> Result<(), String> {
    let again = Game::replay(&game.record()).map_err(|e| format!("replay fails: {e}"))?;
    let seats = game.players().len();
    let same = again.board() == game.board()
        && (0..seats).all(|s| again.rack(s) == game.rack(s))
        && again.bag() == game.bag()
        && again.turns() == game.turns()
        && again.scores() == game.scores()
        && again.ending() == game.ending();
    if same {
        Ok(())
    } else {
        Err("replaying the record gives a different game".to_string())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn two_hundred_two_player_theory_games_run_clean() {
        let summary = run(200, 42, Mode::Theory, 2);
        assert_eq!(summary.violations, 0, "{:?}", summary.details);
        assert_eq!(summary.games, 200);
        assert!(summary.turns >= 200 * 10);
    }

    #[test]
    fn the_same_seed_plays_the_same_games() {
        let first = run(40, 9, Mode::Theory, 2);
        let again = run(40, 9, Mode::Theory, 2);
        assert_eq!(again.turns, first.turns);
        assert_eq!((first.violations, again.violations), (0, 0));
        assert_ne!(run(40, 10, Mode::Theory, 2).turns, first.turns);
    }

    #[test]
    fn standard_games_of_every_size_run_clean() {
        for players in 1..=4 {
            let summary = run(30, 7 + players as u64, Mode::Standard, players);
            assert_eq!(summary.violations, 0, "{players}: {:?}", summary.details);
        }
    }

    #[test]
    fn solitaire_and_four_player_theory_games_run_clean() {
        for players in [1, 4] {
            let summary = run(25, 99, Mode::Theory, players);
            assert_eq!(summary.violations, 0, "{players}: {:?}", summary.details);
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_records() {
        let mut a = Computer::new();
        let mut b = Computer::new();
        let greedy = [Level::Chemist, Level::Chemist];
        for index in 0..3 {
            let seed = game_seed(5, index);
            let x = play_game(&mut a, seed, Mode::Theory, &greedy, 1);
            let y = play_game(&mut b, seed, Mode::Theory, &greedy, 1);
            assert_eq!(x.record, y.record);
            assert!(x.record.moves.len() > 5);
        }
        assert_ne!(game_seed(5, 0), game_seed(5, 1));
    }

    #[test]
    fn the_summary_is_one_json_line_with_violations_as_a_number() {
        let summary = run(1, 3, Mode::Standard, 2);
        let json = summary.to_json();
        let value = molscrab_json::parse(&json).unwrap_or(Value::Null);
        for key in [
            "games",
            "turns",
            "seconds",
            "games_per_second",
            "violations",
        ] {
            assert!(value.get(key).is_some(), "{key} missing in {json}");
        }
        assert!(value.get("violations").and_then(Value::as_u64).is_some());
        assert!(!json.contains('\n'));
    }

    #[test]
    fn every_table_is_every_variant_set_that_fits_the_referee_and_the_seats() {
        let all = [Mode::Standard, Mode::Theory, Mode::Chemist];
        let count = |mode, seats| every_table(&[mode], seats).len();
        // Standard Mode: neither Organic nor Ion Rules; Solitaire: no Speed Lab
        assert_eq!((count(Mode::Standard, 2), count(Mode::Theory, 2)), (8, 32));
        assert_eq!(count(Mode::Chemist, 2), 16);
        assert_eq!(every_table(&all, 2).len(), 56);
        assert_eq!(every_table(&all, 1).len(), 28);
        for seats in [1, 2, 4] {
            let kind = Kind::of_seats(seats);
            let tables = every_table(&all, seats);
            assert!(tables
                .iter()
                .all(|&(mode, v)| v.misfit(kind, mode).is_none()));
            assert_eq!(tables.first(), Some(&(Mode::Standard, Variants::NONE)));
            let seeds: std::collections::HashSet<u64> = tables
                .iter()
                .map(|&(mode, v)| table_seed(1, mode, v))
                .collect();
            assert_eq!(
                seeds.len(),
                tables.len(),
                "every run plays games of its own"
            );
            assert!(seeds.iter().all(|&s| s < 1 << 53));
        }
    }

    #[test]
    fn a_biology_bonus_play_scores_exactly_the_generators_score() {
        // the generator's score includes the bonus: self-play checks it with no allowance
        let biology = Variants::of(&[crate::variants::Variant::BiologyBonus]);
        for mode in [Mode::Standard, Mode::Theory] {
            let summary = run_with_variants(
                &mut Computer::new(),
                3,
                4,
                mode,
                biology,
                &[Level::Chemist, Level::Chemist],
            );
            assert_eq!(summary.violations, 0, "{mode:?}: {:?}", summary.details);
            assert_eq!(summary.variants, biology);
        }
    }

    #[test]
    fn a_bad_number_of_players_is_a_violation_not_a_panic() {
        let summary = run(1, 3, Mode::Theory, 9);
        assert_eq!(summary.violations, 1);
    }
}
