//! Hindsight's look back at a finished game as the engine's worker tells it
//! (`crates/worker/src/look_back.rs`), read into plain data the notebook's view is built from:
//! a summary per person, and per turn one sentence whose formulas open their cards, with the
//! best play to show on the board.

use molscrab_engine::board::Placement;
use molscrab_engine::record::Move;
use molscrab_json::Value;

/// A part of a turn's sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Text(String),
    /// A formula as the notebook names it ("CO — carbon monoxide"); `tiles` are its symbols
    /// separated by spaces, as its card is asked for.
    Formula {
        tiles: String,
        text: String,
    },
}

/// A person's summary: "Ada: 35 points" (the final score), and how the plays came to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLook {
    pub head: String,
    pub said: String,
}

/// One turn looked back on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnLook {
    /// The turn's number, from 1.
    pub n: usize,
    /// One sentence: what the turn did, and what was there.
    pub said: Vec<Part>,
    /// "Show on board": the move's number (from 0) and the best play, when there is one to
    /// show.
    pub look: Option<(usize, Vec<Placement>)>,
}

/// The whole look back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookBack {
    pub seats: Vec<SeatLook>,
    pub turns: Vec<TurnLook>,
}

/// Hindsight in the notebook: asked for, not worked out, or told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hindsight {
    Waiting,
    Failed,
    Ready(LookBack),
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

impl LookBack {
    /// The worker's answer read; `None` when it is not one (a part that doesn't read, a play
    /// that is not a record move).
    pub fn read(answer: &Value) -> Option<LookBack> {
        let list = |key: &str| answer.get(key).and_then(Value::as_array);
        let seats = list("seats")?
            .iter()
            .map(|s| {
                Some(SeatLook {
                    head: text(s, "head")?,
                    said: text(s, "said")?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let turns = list("turns")?
            .iter()
            .map(|t| {
                let n = usize::try_from(t.get("n")?.as_u64()?).ok()?;
                let said = t
                    .get("said")?
                    .as_array()?
                    .iter()
                    .map(|p| match p.as_str() {
                        Some(said) => Some(Part::Text(said.to_string())),
                        None => Some(Part::Formula {
                            tiles: text(p, "tiles")?,
                            text: text(p, "text")?,
                        }),
                    })
                    .collect::<Option<Vec<_>>>()?;
                let look = match t.get("look") {
                    None | Some(Value::Null) => None,
                    Some(look) => {
                        let moves = usize::try_from(look.get("move")?.as_u64()?).ok()?;
                        match Move::from_value(look.get("play")?).ok()? {
                            Move::Play(play) => Some((moves, play)),
                            _ => return None,
                        }
                    }
                };
                Some(TurnLook { n, said, look })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(LookBack { seats, turns })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use molscrab_engine::elements::Element::*;
    use molscrab_engine::record::{GameRecord, Kind};
    use molscrab_engine::referee::Mode;

    /// The worker's own answer for a short game, read: every formula of the sentence is a part
    /// with the tiles its card is asked for, and Show on board's play is the record's move.
    #[test]
    fn the_worker_s_look_back_reads_into_sentences_formulas_and_plays() {
        let names = vec!["Ada".into(), "Bo".into()];
        let mut record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, names, 0, 1);
        record.bag = Some(
            "H H O C C C C N N N K K S S O O"
                .split(' ')
                .map(|s| molscrab_engine::elements::Tile::from_symbol(s).unwrap())
                .collect(),
        );
        record.moves = vec![
            Move::Play(vec![
                Placement::new(7, 6, H),
                Placement::new(7, 7, H),
                Placement::new(7, 8, O),
            ]),
            Move::Pass,
            Move::Pass,
            Move::Pass,
            Move::Pass,
        ];
        let question = Value::object([
            ("id", 1u64.into()),
            ("op", "hindsight".into()),
            ("record", record.to_value()),
        ]);
        let answer =
            molscrab_json::parse(&molscrab_worker::answer(&question.to_string())).expect("JSON");
        let looked = LookBack::read(answer.get("ok").expect("an answer")).expect("read");
        assert_eq!(looked.seats.len(), 2);
        let scores = molscrab_engine::game::Game::replay(&record)
            .unwrap()
            .scores();
        assert_eq!(looked.seats[0].head, format!("Ada: {} points", scores[0]));
        assert_eq!(looked.turns.len(), 5);
        assert_eq!(looked.turns[0].n, 1);
        // the passes missed plays: each says which, its formulas parts of the sentence
        let pass = &looked.turns[1];
        let Some(Part::Text(first)) = pass.said.first() else {
            panic!("{pass:?}")
        };
        assert!(first.starts_with("Bo passed; "), "{first}");
        let formula = pass.said.iter().find_map(|p| match p {
            Part::Formula { tiles, text } => Some((tiles, text)),
            Part::Text(_) => None,
        });
        let (tiles, text) = formula.expect("a formula in the sentence");
        let (moves, play) = pass.look.as_ref().expect("Show on board");
        assert_eq!(*moves, 1);
        let mut game = molscrab_engine::game::Game::replay(&GameRecord {
            moves: record.moves[..1].to_vec(),
            ..record.clone()
        })
        .unwrap();
        let turn = game
            .play(play)
            .expect("the best play is legal there")
            .clone();
        let main = &turn.formulas[0];
        assert_eq!(*tiles, molscrab_engine::referee::spaced(&main.tiles));
        assert!(
            text.starts_with(&molscrab_engine::display::label(&main.tiles, main.charge)),
            "{text}"
        );
        // a part that doesn't read: not a look back
        let broken =
            molscrab_json::parse(r#"{"seats":[],"turns":[{"n":1,"said":[{"tiles":"H"}]}]}"#)
                .unwrap();
        assert_eq!(LookBack::read(&broken), None);
    }
}
