//! Computer players playing whole games against each other, checking the invariants after every move (SPEC §8 `selfplay`).

use std::time::Instant;

use crate::elements::Tile;
use crate::game::Game;
use crate::movegen::MoveGenerator;
use crate::record::{GameRecord, Kind};
use crate::referee::Mode;
use molscrab_json::Value;

/// A game longer than this is stuck in a loop: a violation, and the game is abandoned.
pub const MAX_TURNS: usize = 2000;

/// What `molscrab selfplay` prints (SPEC §9): one JSON line.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: u32,
    pub turns: u64,
    pub seconds: f64,
    pub games_per_second: f64,
    /// How many invariant violations were found; 0 for a healthy engine.
    pub violations: usize,
    /// What went wrong, for a person (the first few of them); not in the JSON line.
    pub details: Vec<String>,
}

impl Summary {
    /// The JSON line: `{"games":…,"turns":…,"seconds":…,"games_per_second":…,"violations":…}`.
    pub fn to_json(&self) -> String {
        Value::object([
            ("games", self.games.into()),
            ("turns", self.turns.into()),
            ("seconds", self.seconds.into()),
            ("games_per_second", self.games_per_second.into()),
            ("violations", self.violations.into()),
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

/// Plays `games` complete games of `players` computer players (1 = Solitaire, 2–4 = Pass and
/// Play); the same arguments play the same games.
pub fn run(games: u32, seed: u64, mode: Mode, players: usize) -> Summary {
    let started = Instant::now();
    let mut generator = MoveGenerator::new();
    let mut turns = 0u64;
    let mut violations = 0;
    let mut details = Vec::new();
    for index in 0..games {
        let outcome = play_game(&mut generator, game_seed(seed, index), mode, players);
        turns += outcome.turns as u64;
        violations += outcome.violations.len();
        for v in outcome.violations {
            if details.len() < DETAILS_KEPT {
                details.push(format!("game {index}: {v}"));
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    Summary {
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
    }
}

/// One game: each player makes the best-scoring play; with none, exchanges while that is
/// allowed and useful, else passes (Pass and Play) or ends the game (Solitaire).
pub fn play_game(generator: &mut MoveGenerator, seed: u64, mode: Mode, players: usize) -> Outcome {
    let kind = if players == 1 {
        Kind::Solitaire
    } else {
        Kind::PassAndPlay
    };
    let names = (1..=players).map(|i| format!("Bot {i}")).collect();
    let first = (seed % players.max(1) as u64) as usize;
    let record = GameRecord::new_game(kind, mode == Mode::Theory, names, first, seed);
    let mut violations = Vec::new();
    let mut game = match Game::start(record.clone()) {
        Ok(game) => game,
        Err(e) => {
            violations.push(format!("can't start: {e}"));
            return Outcome {
                record,
                turns: 0,
                violations,
            };
        }
    };
    // turns in a row without a play, all seats together
    let mut idle = 0;
    while !game.is_over() {
        if game.turns().len() >= MAX_TURNS {
            violations.push(format!("no end after {MAX_TURNS} turns"));
            break;
        }
        let mut played = false;
        if let Some(best) = generator.best_play(&game) {
            match game.play(&best.tiles) {
                Ok(turn) if turn.score == best.score => played = true,
                Ok(turn) => {
                    played = true;
                    violations.push(format!(
                        "play {:?} scored {} but the generator said {}",
                        best.tiles, turn.score, best.score
                    ));
                }
                Err(e) => violations.push(format!("generated play {:?} refused: {e}", best.tiles)),
            }
        }
        if played {
            idle = 0;
        } else {
            if let Err(e) = no_play(&mut game, idle) {
                violations.push(e);
                break;
            }
            idle += 1;
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
    }
}

/// No play: exchange (He and Ne first, never a Wild Isotope unless that is all there is)
/// while that can help, else pass or, in Solitaire, end the game.
fn no_play(game: &mut Game, idle: usize) -> Result<(), String> {
    let rack = game.rack(game.to_move()).to_vec();
    let mut give: Vec<Tile> = rack.iter().copied().filter(|&t| t != Tile::Wild).collect();
    if give.is_empty() {
        give = rack;
    }
    give.truncate(game.bag_len());
    // each seat gets two exchanges in a row before everyone passes: a stuck board must end
    let players = game.players().len();
    let may_exchange = game.can_exchange(give.len()).is_ok()
        && (game.kind() == Kind::Solitaire || idle < 2 * players);
    let result = if may_exchange {
        game.exchange(&give)
    } else if game.can_pass() {
        game.pass()
    } else {
        game.end()
    };
    result
        .map(|_| ())
        .map_err(|e| format!("no legal fallback move: {e}"))
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
        let mut a = MoveGenerator::new();
        let mut b = MoveGenerator::new();
        for index in 0..3 {
            let seed = game_seed(5, index);
            let x = play_game(&mut a, seed, Mode::Theory, 2);
            let y = play_game(&mut b, seed, Mode::Theory, 2);
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
    fn a_bad_number_of_players_is_a_violation_not_a_panic() {
        let summary = run(1, 3, Mode::Theory, 9);
        assert_eq!(summary.violations, 1);
    }
}
