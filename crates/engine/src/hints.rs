//! Hints (RULES §10 `molscrab hint`): the best few plays for the player to move, and their JSON form shared by the command line and the browser's worker.

use crate::game::Game;
use crate::movegen::{Candidate, MoveGenerator, Shape};
use crate::referee::spaced;
use molscrab_json::Value;

/// How many plays `molscrab hint` lists unless told otherwise.
pub const DEFAULT_TOP: usize = 5;
/// The most plays a hint lists: more is no hint.
pub const MAX_TOP: usize = 100;

/// The `top` highest-scoring plays for the player to move, best first; equal scores keep the
/// generator's order (lines top to bottom, across before down), so the list is the same on
/// every run. Each play is of its own [`Shape`]: the same tiles on the same squares in another
/// order, or a Wild Isotope standing for another element, is the same advice, so only the
/// best-scoring arrangement is listed. Empty once the game is over or when nothing can be
/// played.
pub fn hints(game: &Game, top: usize) -> Vec<Candidate> {
    hints_with(&mut MoveGenerator::new(), game, top)
}

/// [`hints`] with a generator kept between calls (its Theory Mode verdicts stay warm).
pub fn hints_with(generator: &mut MoveGenerator, game: &Game, top: usize) -> Vec<Candidate> {
    let top = top.min(MAX_TOP);
    if game.is_over() || top == 0 {
        return Vec::new();
    }
    let mut best: Vec<(Shape, Candidate)> = Vec::with_capacity(top + 1);
    generator.for_each_play_above(&game.position(), i32::MIN, &mut |found| {
        // once the list is full, only a play beating its last gets here
        let shape = found.shape();
        let score = found.score();
        let same = best.iter().position(|(s, _)| *s == shape);
        if same.is_none_or(|i| best[i].1.score < score) {
            if let Some(i) = same {
                best.remove(i);
            }
            let at = best.partition_point(|(_, c)| c.score >= score);
            best.insert(at, (shape, found.candidate()));
            best.truncate(top);
        }
        match best.last() {
            Some((_, last)) if best.len() == top => last.score,
            _ => i32::MIN,
        }
    });
    best.into_iter().map(|(_, c)| c).collect()
}

/// One hinted play as `molscrab hint` prints it: `{"play": [{"row","col","el","wild"?}],
/// "score", "formulas": ["H H O", …]}`, main formula first.
pub fn play_value(play: &Candidate) -> Value {
    Value::object([
        (
            "play",
            Value::Array(play.tiles.iter().map(|p| p.to_value()).collect()),
        ),
        ("score", play.score.into()),
        (
            "formulas",
            Value::Array(
                play.formulas
                    .iter()
                    .map(|f| spaced(&f.tiles).into())
                    .collect(),
            ),
        ),
    ])
}

/// `{"plays": [...]}`: what `molscrab hint` prints and the worker hands the app.
pub fn hints_value(plays: &[Candidate]) -> Value {
    Value::object([(
        "plays",
        Value::Array(plays.iter().map(play_value).collect()),
    )])
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::movegen::legal_plays;
    use crate::record::{GameRecord, Move};
    use crate::referee::Mode;

    fn two_player(mode: Mode, seed: u64) -> Game {
        crate::game::two_seat_game(mode, seed, crate::variants::Variants::NONE)
    }

    /// A few greedy turns in, so the board has tiles to build on.
    fn mid_game(mode: Mode, seed: u64, turns: usize) -> Game {
        let mut game = two_player(mode, seed);
        for _ in 0..turns {
            match crate::movegen::best_play(&game) {
                Some(best) => {
                    if game.play(&best.tiles).is_err() {
                        break;
                    }
                }
                None => break,
            }
        }
        game
    }

    #[test]
    fn the_first_hint_replays_legally_and_scores_exactly_its_score() {
        for mode in [Mode::Theory, Mode::Standard] {
            for seed in 0..6 {
                let game = mid_game(mode, seed, 3);
                let plays = hints(&game, 5);
                let Some(first) = plays.first() else {
                    continue;
                };
                let mut record = game.record();
                record.moves.push(first.to_move());
                let replayed = match Game::replay(&record) {
                    Ok(g) => g,
                    Err(e) => panic!("{mode:?} seed {seed}: {e}"),
                };
                let turn = replayed.last_turn().map(|t| t.score);
                assert_eq!(turn, Some(first.score), "{mode:?} seed {seed}");
            }
        }
    }

    #[test]
    fn under_the_biology_bonus_every_hint_replays_to_its_score_best_first() {
        use crate::variants::{Variant, Variants};
        let biology = Variants::of(&[Variant::BiologyBonus]);
        let mut bonuses = 0;
        for mode in [Mode::Theory, Mode::Standard] {
            for seed in 0..5 {
                let mut game = crate::game::two_seat_game(mode, seed, biology);
                for _ in 0..3 {
                    let plays = hints(&game, 5);
                    let Some(first) = plays.first() else {
                        break;
                    };
                    let scores: Vec<i32> = plays.iter().map(|p| p.score).collect();
                    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
                    for play in &plays {
                        // as SPEC §10 asks of the first: appended, it replays for its score
                        let mut record = game.record();
                        record.moves.push(play.to_move());
                        let replayed = Game::replay(&record)
                            .unwrap_or_else(|e| panic!("{mode:?} seed {seed}: {e}"));
                        let turn = replayed.last_turn();
                        assert_eq!(
                            turn.map(|t| t.score),
                            Some(play.score),
                            "{mode:?} seed {seed}: {:?}",
                            play.tiles
                        );
                        bonuses += usize::from(turn.is_some_and(|t| t.biology_bonus > 0));
                    }
                    // nothing scores more than the first hint (the card's plays are few
                    // enough to score each in a debug build)
                    if !mode.by_valency() {
                        let best = legal_plays(&game)
                            .iter()
                            .filter_map(|c| game.preview_play(&c.tiles).ok())
                            .map(|r| r.score)
                            .max();
                        assert_eq!(best, Some(first.score), "{mode:?} seed {seed}");
                    }
                    if game.play(&first.tiles).is_err() {
                        break;
                    }
                }
            }
        }
        assert!(
            bonuses > 0,
            "no hint earned the bonus: the test tests nothing"
        );
    }

    #[test]
    fn hints_are_the_best_scores_best_first() {
        // Standard Mode: few enough plays to list them all and compare
        for seed in 0..8 {
            let game = mid_game(Mode::Standard, seed, 4);
            // the best score of each shape, best first
            let mut shapes: Vec<(Shape, i32)> = Vec::new();
            for c in legal_plays(&game) {
                match shapes.iter_mut().find(|(s, _)| *s == c.shape()) {
                    Some(entry) => entry.1 = entry.1.max(c.score),
                    None => shapes.push((c.shape(), c.score)),
                }
            }
            let mut all: Vec<i32> = shapes.iter().map(|(_, score)| *score).collect();
            all.sort_by(|a, b| b.cmp(a));
            all.truncate(5);
            let got: Vec<i32> = hints(&game, 5).iter().map(|c| c.score).collect();
            assert_eq!(got, all, "seed {seed}");
        }
    }

    #[test]
    fn theory_hints_match_the_generator_s_best_and_stay_in_order() {
        for seed in 0..4 {
            let game = mid_game(Mode::Theory, seed, 5);
            let plays = hints(&game, 8);
            let best = crate::movegen::best_play(&game).map(|c| c.score);
            assert_eq!(plays.first().map(|c| c.score), best, "seed {seed}");
            assert!(plays.windows(2).all(|w| w[0].score >= w[1].score));
            assert_eq!(plays.len(), 8);
            for (i, a) in plays.iter().enumerate() {
                assert!(plays[i + 1..].iter().all(|b| b.shape() != a.shape()));
            }
        }
    }

    #[test]
    fn the_same_position_gives_the_same_hints() {
        let game = mid_game(Mode::Theory, 11, 4);
        assert_eq!(hints(&game, 5), hints(&game, 5));
    }

    #[test]
    fn no_hints_once_the_game_is_over_or_for_none_asked() {
        let mut game = two_player(Mode::Theory, 3);
        assert!(hints(&game, 0).is_empty());
        for _ in 0..4 {
            let _ = game.pass();
        }
        assert!(game.is_over());
        assert!(hints(&game, 5).is_empty());
    }

    #[test]
    fn the_json_form_is_as_the_spec_prints_it() {
        let record = GameRecord::parse(
            r#"{"format":"molscrab-game/1","kind":"solitaire","theory":false,"players":["A"],
                "bag":["H","O","H","?","Ne","He","U"]}"#,
        );
        let game = match record.map(Game::start) {
            Ok(Ok(game)) => game,
            other => panic!("{other:?}"),
        };
        let plays = hints(&game, 1);
        let text = hints_value(&plays).to_string();
        // H·H·O on the star's row is the card's water; a Wild Isotope plays as anything
        assert!(text.starts_with(r#"{"plays":[{"play":[{"row":"#), "{text}");
        let value = molscrab_json::parse(&text).unwrap_or(Value::Null);
        let first = value
            .get("plays")
            .and_then(|p| p.as_array())
            .and_then(|p| p.first())
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(
            first.get("score").and_then(Value::as_i64),
            plays.first().map(|c| i64::from(c.score))
        );
        let formulas = first.get("formulas").and_then(|f| f.as_array());
        assert!(formulas.is_some_and(|f| !f.is_empty()), "{text}");
        assert!(!text.contains(r#""wild":false"#));
        let _ = Move::Pass;
    }

    #[test]
    fn asking_for_hints_is_noted_once_a_move_and_counted_per_seat() {
        let mut game = two_player(Mode::Theory, 6);
        let mut record = game.record();
        record.first = 1;
        record.computers = Some(vec![Some(crate::computer::Level::Professor), None]);
        let mut game2 = Game::start(record).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game2.computer(0), Some(crate::computer::Level::Professor));
        assert_eq!(game2.computer(1), None);
        assert_eq!(game.computer(0), None);
        // seat 1 moves first: asks twice before its move (noted once), then seat 0 asks
        game2.note_hint();
        game2.note_hint();
        for _ in 0..2 {
            let best = hints(&game2, 1);
            assert!(game2.apply(&best[0].to_move()).is_ok());
            game2.note_hint();
        }
        assert_eq!(game2.record().hints, vec![0, 1, 2]);
        assert_eq!(game2.hints_per_seat(), vec![1, 2]);
        // the record keeps them through a save and a replay
        let text = game2.record().to_json();
        let again = Game::load(&text).unwrap_or_else(|e| panic!("{e}")).game;
        assert_eq!(again.hints_per_seat(), vec![1, 2]);
        assert_eq!(again.record(), game2.record());
        // none noted once the game is over
        while !game.is_over() {
            assert!(game.pass().is_ok());
        }
        game.note_hint();
        assert!(game.record().hints.is_empty());
    }
}
