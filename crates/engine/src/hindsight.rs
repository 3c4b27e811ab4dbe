//! Hindsight: for every turn of a game, the best play that was available and the points missed, and each seat's points found against points available; in a two-player endgame, also what the endgame search would have played and the spread each move leads to.

use std::fmt;

use crate::computer::endgame::{self, EndgameLimits};
use crate::computer::LeaveTable;
use crate::elements::Tile;
use crate::error::{MoveError, ReplayError};
use crate::game::Game;
use crate::movegen::{Candidate, MoveGenerator};
use crate::record::{GameRecord, Move};
use crate::turn::TurnKind;
use molscrab_json::Value;

/// One turn looked back on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnHindsight {
    /// The move's number in the record, from 0.
    pub move_index: usize,
    pub seat: usize,
    pub kind: TurnKind,
    /// What the turn scored, bonuses included (0 for an exchange, a pass or End game).
    pub scored: i32,
    /// The highest-scoring play the position before the turn allowed; `None` when there was
    /// none.
    pub best: Option<Candidate>,
    /// The mover's rack before the turn.
    pub rack: Vec<Tile>,
    /// Whether the bag could refill the rack after the turn (it held tiles): only then is
    /// what a play keeps worth anything.
    pub refills: bool,
    /// A play or pass of a two-player endgame (the bag empty, both racks known): the endgame
    /// search's move and where it and the move made lead. `None` elsewhere, and where either
    /// search stopped at its cap before the game's end (its value would be a guess).
    pub endgame: Option<EndgameLook>,
}

/// A two-player endgame turn looked back on with the endgame search (`computer::endgame`, as
/// the Professor plays it): the final spread after the search's move and after the move
/// made, both seats playing on as well as the search can. Points alone can mislead here: going
/// out for less can end the game better than the top score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameLook {
    /// The search's move: a play, or `None` for the pass.
    pub best: Option<Candidate>,
    /// The final spread (the mover's score less the other's) the search's move leads to.
    pub best_spread: i32,
    /// The final spread the move made leads to (never above `best_spread`).
    pub played_spread: i32,
}

impl EndgameLook {
    /// How much better for the mover the search's move would have ended the game; 0 when
    /// the move made was as good.
    pub fn lost(&self) -> i32 {
        self.best_spread - self.played_spread
    }
}

/// The endgame search's look at a move of a two-player endgame ([`EndgameLook`]); `None`
/// outside one, for an exchange or End game, or when a search stopped at its cap.
fn look_at_endgame(generator: &mut MoveGenerator, game: &Game, mv: &Move) -> Option<EndgameLook> {
    if !matches!(mv, Move::Play(_) | Move::Pass) {
        return None;
    }
    let limits = EndgameLimits::default();
    let solved = endgame::solve(generator, game, limits).filter(|s| s.complete)?;
    let me = game.to_move();
    let played_spread = if solved.to_move() == *mv {
        solved.value
    } else {
        let mut after = game.clone();
        after.apply(mv).ok()?;
        if after.is_over() {
            let scores = after.scores();
            scores[me] - scores[1 - me]
        } else {
            // the other seat's search: its spread is the mover's, turned round
            let theirs = endgame::solve(generator, &after, limits).filter(|s| s.complete)?;
            -theirs.value
        }
    };
    Some(EndgameLook {
        best: solved.play,
        best_spread: solved.value,
        // the search's move is the best there is: a move it did not list is valued at most as
        // well (its kept plays in Theory Mode), never better
        played_spread: played_spread.min(solved.value),
    })
}

/// What two plays keep for the next turn, as the Professor weighs it (the leave half of its
/// equity, in a player's words): the tiles each leaves on the rack and their worth in tenths
/// of a point (the referee's leave table, against drawing fresh tiles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The tiles the turn's own play kept, and their worth.
    pub played: (Vec<Tile>, i32),
    /// The tiles the best-scoring play would have kept, and their worth.
    pub best: (Vec<Tile>, i32),
}

/// A play's formulas as tiles joined by "·", main formula first: "Fe·Cl·Cl·Cl".
pub fn formulas_of(play: &Candidate) -> Vec<String> {
    play.formulas
        .iter()
        .map(|f| {
            f.tiles
                .iter()
                .map(|e| e.symbol())
                .collect::<Vec<_>>()
                .join("·")
        })
        .collect()
}

/// `rack` less the tiles of `play` (a Wild Isotope's placement takes a Wild Isotope).
fn kept_after(rack: &[Tile], play: &[crate::board::Placement]) -> Vec<Tile> {
    let mut kept = rack.to_vec();
    for p in play {
        if let Some(i) = kept.iter().position(|&t| t == p.rack_tile()) {
            kept.remove(i);
        }
    }
    kept
}

impl TurnHindsight {
    /// The best play's score less what was scored; never below 0 (a play can't beat the best).
    pub fn missed(&self) -> i32 {
        self.best
            .as_ref()
            .map_or(0, |b| (b.score - self.scored).max(0))
    }

    /// The best play's formulas as tiles joined by "·", main formula first: "Fe·Cl·Cl·Cl".
    pub fn best_formulas(&self) -> Vec<String> {
        self.best.as_ref().map_or_else(Vec::new, formulas_of)
    }

    /// What the turn's play and the best-scoring play kept, each with its worth under
    /// `leaves`: for a play of a person whose rack the bag could refill, when the best play
    /// scored more. `played` is the record's move (the turn's own tiles).
    pub fn kept(&self, played: &[crate::board::Placement], leaves: &LeaveTable) -> Option<Kept> {
        let best = self.best.as_ref()?;
        if self.kind != TurnKind::Play || !self.refills || self.missed() == 0 {
            return None;
        }
        let mine = kept_after(&self.rack, played);
        let theirs = kept_after(&self.rack, &best.tiles);
        let (mine_worth, theirs_worth) = (leaves.value(&mine), leaves.value(&theirs));
        Some(Kept {
            played: (mine, mine_worth),
            best: (theirs, theirs_worth),
        })
    }
}

/// One seat's summary line: "points found / points available".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatHindsight {
    /// Points its plays scored (bonuses included; end-of-game adjustments are not plays).
    pub found: i32,
    /// The best plays' scores added up over its turns.
    pub available: i32,
}

/// A whole game looked back on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hindsight {
    /// Every turn, in order.
    pub turns: Vec<TurnHindsight>,
    /// One per seat.
    pub seats: Vec<SeatHindsight>,
}

/// Why hindsight can't look back on a record: a move in it is one the rules forbid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HindsightError(pub ReplayError);

impl fmt::Display for HindsightError {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "This game can't be looked back on: {}", self.0)
    }
}

impl std::error::Error for HindsightError {}

/// Replays `record`, asking before each turn what the best play was. Costs one best-play
/// search per turn (under a millisecond natively each), and in a two-player endgame up to two
/// endgame searches a turn (capped as the Professor's are).
pub fn hindsight(record: &GameRecord) -> Result<Hindsight, HindsightError> {
    hindsight_with(&mut MoveGenerator::new(), record)
}

/// [`hindsight`] with a generator kept between calls.
pub fn hindsight_with(
    generator: &mut MoveGenerator,
    record: &GameRecord,
) -> Result<Hindsight, HindsightError> {
    let mut start = record.clone();
    let moves = std::mem::take(&mut start.moves);
    let fail = |move_index, error| HindsightError(ReplayError { move_index, error });
    let mut game = Game::start(start).map_err(|e| fail(0, MoveError::Record(e)))?;
    let mut seats = vec![SeatHindsight::default(); game.players().len()];
    let mut turns = Vec::with_capacity(moves.len());
    for (move_index, mv) in moves.iter().enumerate() {
        let best = generator.best_play(&game);
        let rack = game.rack(game.to_move()).to_vec();
        let refills = game.bag_len() > 0;
        let endgame = look_at_endgame(generator, &game, mv);
        let turn = game.apply(mv).map_err(|e| fail(move_index, e))?;
        let looked = TurnHindsight {
            move_index,
            seat: turn.seat,
            kind: turn.kind,
            scored: turn.score,
            best,
            rack,
            refills,
            endgame,
        };
        if let Some(seat) = seats.get_mut(looked.seat) {
            seat.found += looked.scored;
            seat.available += looked.best.as_ref().map_or(0, |b| b.score);
        }
        turns.push(looked);
    }
    Ok(Hindsight { turns, seats })
}

impl Hindsight {
    /// The JSON the worker hands the app:
    /// `{"turns": [{"move", "seat", "kind", "scored", "missed", "best": null | {"play":
    /// [{"row","col","el","wild"?}], "score", "formulas": ["Fe·Cl·Cl·Cl", …], "row", "col"}}],
    /// "endgame": null | {"play": null | [...], "spread", "played"}}], "seats": [{"found",
    /// "available"}]}`, where `row` and `col` are the best play's first tile and `endgame` is
    /// [`EndgameLook`] (`play` null: the pass).
    pub fn to_value(&self) -> Value {
        let turns = self
            .turns
            .iter()
            .map(|t| {
                let best = t.best.as_ref().map(|b| {
                    let first = b.tiles.first();
                    Value::object([
                        (
                            "play",
                            Value::Array(b.tiles.iter().map(|p| p.to_value()).collect()),
                        ),
                        ("score", b.score.into()),
                        ("formulas", t.best_formulas().into()),
                        ("row", first.map(|p| p.row).into()),
                        ("col", first.map(|p| p.col).into()),
                    ])
                });
                let endgame = t.endgame.as_ref().map(|e| {
                    let play = e
                        .best
                        .as_ref()
                        .map(|b| Value::Array(b.tiles.iter().map(|p| p.to_value()).collect()));
                    Value::object([
                        ("play", play.into()),
                        ("spread", e.best_spread.into()),
                        ("played", e.played_spread.into()),
                    ])
                });
                Value::object([
                    ("move", t.move_index.into()),
                    ("seat", t.seat.into()),
                    ("kind", t.kind.code().into()),
                    ("scored", t.scored.into()),
                    ("missed", t.missed().into()),
                    ("best", best.into()),
                    ("endgame", endgame.into()),
                ])
            })
            .collect::<Vec<_>>();
        let seats = self
            .seats
            .iter()
            .map(|s| Value::object([("found", s.found.into()), ("available", s.available.into())]))
            .collect::<Vec<_>>();
        Value::object([("turns", turns.into()), ("seats", seats.into())])
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::computer::{Computer, Level};
    use crate::kind::Kind;
    use crate::movegen::legal_plays;
    use crate::record::Move;
    use crate::referee::Mode;

    /// A whole game between computers at `levels`, seat 0 first.
    fn played(mode: Mode, seed: u64, levels: &[Level]) -> GameRecord {
        let mut computer = Computer::new();
        crate::selfplay::play_game(&mut computer, seed, mode, levels, 0).record
    }

    #[test]
    fn greedy_players_miss_nothing_in_hindsight() {
        let record = played(Mode::Theory, 5, &[Level::Chemist, Level::Chemist]);
        let Ok(looked) = hindsight(&record) else {
            panic!("hindsight refused a legal game");
        };
        assert_eq!(looked.turns.len(), record.moves.len());
        for t in looked.turns.iter().filter(|t| t.kind == TurnKind::Play) {
            assert_eq!(t.missed(), 0, "turn {}", t.move_index);
        }
        for seat in &looked.seats {
            assert!(seat.found > 0);
            assert_eq!(seat.found, seat.available);
        }
    }

    #[test]
    fn a_novice_s_missed_points_are_the_best_play_less_its_own() {
        // Standard Mode: few enough plays to find the best by listing them all
        let record = played(Mode::Standard, 8, &[Level::Apprentice, Level::Chemist]);
        let Ok(looked) = hindsight(&record) else {
            panic!("hindsight refused a legal game");
        };
        let mut game = Game::start(record.clone()).unwrap_or_else(|e| panic!("{e}"));
        let mut missed_some = false;
        for (t, mv) in looked.turns.iter().zip(&record.moves) {
            let best = legal_plays(&game).iter().map(|c| c.score).max();
            assert_eq!(
                t.best.as_ref().map(|b| b.score),
                best,
                "move {}",
                t.move_index
            );
            assert_eq!(t.seat, game.to_move());
            let scored = game.apply(mv).map(|turn| turn.score).unwrap_or(-1);
            assert_eq!(t.scored, scored);
            assert_eq!(t.missed(), best.map_or(0, |b| b - scored));
            missed_some |= t.seat == 0 && t.missed() > 0;
        }
        assert!(missed_some, "the novice always found the best play");
        let seat0: i32 = looked
            .turns
            .iter()
            .filter(|t| t.seat == 0)
            .map(|t| t.scored)
            .sum();
        assert_eq!(looked.seats[0].found, seat0);
        assert!(looked.seats[0].available > looked.seats[0].found);
    }

    #[test]
    fn what_each_play_kept_is_its_rack_less_its_tiles_and_worth_its_leave() {
        let record = played(Mode::Standard, 8, &[Level::Apprentice, Level::Chemist]);
        let looked = hindsight(&record).unwrap_or_else(|e| panic!("{e}"));
        let leaves = LeaveTable::of(Mode::Standard);
        let sorted = |mut v: Vec<Tile>| {
            v.sort_by_key(|t| t.symbol());
            v
        };
        let mut said = 0;
        for (t, mv) in looked.turns.iter().zip(&record.moves) {
            let Move::Play(tiles) = mv else {
                assert!(t.kept(&[], leaves).is_none(), "only plays keep");
                continue;
            };
            let Some(kept) = t.kept(tiles, leaves) else {
                assert!(t.missed() == 0 || !t.refills, "turn {}", t.move_index);
                continue;
            };
            said += 1;
            // the tiles kept and the tiles played make the rack, for both plays
            let best = t.best.as_ref().expect("a best play");
            for (kept, placed) in [(&kept.played.0, tiles), (&kept.best.0, &best.tiles)] {
                let mut whole = kept.clone();
                whole.extend(placed.iter().map(|p| p.rack_tile()));
                assert_eq!(
                    sorted(whole),
                    sorted(t.rack.clone()),
                    "turn {}",
                    t.move_index
                );
            }
            assert_eq!(kept.played.1, leaves.value(&kept.played.0));
            assert_eq!(kept.best.1, leaves.value(&kept.best.0));
        }
        assert!(said > 0, "the novice missed points with tiles to draw");
    }

    #[test]
    fn exchanges_and_passes_miss_the_whole_best_play() {
        let mut record = GameRecord::new_game(
            Kind::PassAndPlay,
            Mode::Theory,
            vec!["Ada".into(), "Bo".into()],
            0,
            4,
        );
        record.moves = vec![Move::Pass, Move::Exchange(Vec::new())];
        // the empty exchange is refused: its number comes back
        let Err(HindsightError(e)) = hindsight(&record) else {
            panic!("an empty exchange was accepted");
        };
        assert_eq!(e.move_index, 1);
        record.moves.pop();
        let Ok(looked) = hindsight(&record) else {
            panic!("a pass was refused");
        };
        let pass = &looked.turns[0];
        assert_eq!(pass.kind, TurnKind::Pass);
        let best = pass.best.as_ref().map(|b| b.score).unwrap_or(0);
        assert!(best > 0);
        assert_eq!(pass.missed(), best);
        assert_eq!(looked.seats[0].found, 0);
        assert_eq!(looked.seats[0].available, best);
    }

    /// Ada (N H H) against Bo (C O), the bag empty, Standard Mode: her top score (10) keeps
    /// a tile and lets Bo go out; going out for 8 wins by 2.
    const GOING_OUT_WINS: &str = include_str!("../tests/positions/going-out-wins.json");

    /// The position above with `mv` made, looked back on.
    fn endgame_turn(mv: impl FnOnce(&Game) -> Move) -> (TurnHindsight, Game) {
        let mut record = GameRecord::parse(GOING_OUT_WINS).unwrap_or_else(|e| panic!("{e}"));
        let game = Game::replay(&record).unwrap_or_else(|e| panic!("{e}"));
        record.moves.push(mv(&game));
        let looked = hindsight(&record).unwrap_or_else(|e| panic!("{e}"));
        (looked.turns.last().cloned().expect("a turn"), game)
    }

    #[test]
    fn in_a_two_player_endgame_hindsight_weighs_moves_by_the_spread_they_end_with() {
        // the top score: 2 points better than going out, and a game 4 points worse
        let (top, game) = endgame_turn(|g| MoveGenerator::new().best_play(g).unwrap().to_move());
        assert_eq!((top.scored, top.missed()), (10, 0));
        let look = top.endgame.clone().expect("an endgame turn");
        assert_eq!(look.best_spread, 2, "going out wins by 2");
        assert!(look.played_spread < look.best_spread, "{look:?}");
        assert_eq!(look.lost(), look.best_spread - look.played_spread);
        let best = look.best.clone().expect("a play, not the pass");
        assert_eq!(best.score, 8);
        let mut out = game.clone();
        out.apply(&best.to_move()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            out.winners(),
            Some(vec![game.to_move()]),
            "it goes out and wins"
        );
        // the value of the top score, checked by playing on: Bo goes out at once
        let mut after = game.clone();
        after.apply(&top.best.clone().unwrap().to_move()).unwrap();
        let answer = endgame::solve(&mut MoveGenerator::new(), &after, EndgameLimits::default())
            .expect("Bo's endgame");
        assert_eq!(look.played_spread, -answer.value);

        // going out: the best move there was, though it scored 2 less than the top score
        let (going_out, _) = endgame_turn(|_| best.to_move());
        assert_eq!(going_out.missed(), 2);
        let look = going_out.endgame.expect("an endgame turn");
        assert_eq!(
            (look.best_spread, look.played_spread, look.lost()),
            (2, 2, 0)
        );

        // in the JSON, beside the points
        let (turn, _) = endgame_turn(|g| MoveGenerator::new().best_play(g).unwrap().to_move());
        let value = Hindsight {
            turns: vec![turn],
            seats: Vec::new(),
        }
        .to_value();
        let endgame = value
            .get("turns")
            .and_then(Value::as_array)
            .and_then(|t| t.first())
            .and_then(|t| t.get("endgame"))
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(endgame.get("spread").and_then(Value::as_i64), Some(2));
        assert_eq!(
            endgame.get("play").and_then(Value::as_array).map(Vec::len),
            Some(3)
        );
    }

    #[test]
    fn the_json_names_the_best_play_and_where_it_starts() {
        let record = played(Mode::Standard, 8, &[Level::Apprentice, Level::Chemist]);
        let Ok(looked) = hindsight(&record) else {
            panic!("hindsight refused a legal game");
        };
        let value = looked.to_value();
        let turns = value
            .get("turns")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        assert_eq!(turns.len(), record.moves.len());
        let first = &turns[0];
        let best = first.get("best").cloned().unwrap_or(Value::Null);
        let tile = &looked.turns[0].best.as_ref().map(|b| b.tiles[0]);
        assert_eq!(
            best.get("row").and_then(Value::as_u64),
            tile.map(|p| u64::from(p.row))
        );
        let formulas = best
            .get("formulas")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let text = formulas.first().and_then(Value::as_str).unwrap_or("");
        assert!(text.contains('·') && !text.contains(' '), "{text}");
        assert!(value
            .get("seats")
            .and_then(Value::as_array)
            .is_some_and(|s| s.len() == 2));
        // no endgame look where the bag still held tiles
        assert_eq!(first.get("endgame"), Some(&Value::Null));
    }
}
