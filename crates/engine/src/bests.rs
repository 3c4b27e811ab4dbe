//! Personal bests per mode (SPEC §9): best Solitaire final score and best single play.

use crate::game::Game;
use crate::record::Kind;
use crate::referee::Mode;
use crate::turn::TurnKind;
use molscrab_json::Value;

/// One mode's bests; `None` until something has been recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Best {
    pub score: Option<i32>,
    pub play: Option<i32>,
    /// The best final score of a game played with hints: kept apart, so that a best without
    /// hints stays the headline.
    pub hinted: Option<i32>,
}

/// `{"standard": {"score": n|null, "play": n|null}, "theory": {…}}`, kept in
/// `molscrab.bests`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bests {
    pub standard: Best,
    pub theory: Best,
}

fn lenient_number(value: Option<&Value>) -> Option<i32> {
    value
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
}

fn lenient_best(value: Option<&Value>) -> Best {
    Best {
        score: lenient_number(value.and_then(|v| v.get("score"))),
        play: lenient_number(value.and_then(|v| v.get("play"))),
        hinted: lenient_number(value.and_then(|v| v.get("hinted"))),
    }
}

// a best's number: null or missing is "none yet"; anything but a whole i32 is refused
fn strict_number(best: &Value, key: &str) -> Result<Option<i32>, String> {
    match best.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("\"{key}\" should be a whole number or null")),
    }
}

fn strict_best(value: &Value, mode: &str) -> Result<Best, String> {
    match value.get(mode) {
        Some(best @ Value::Object(_)) => Ok(Best {
            score: strict_number(best, "score")?,
            play: strict_number(best, "play")?,
            hinted: strict_number(best, "hinted")?,
        }),
        Some(_) => Err(format!("\"{mode}\" should be an object")),
        None => Err(format!("no \"{mode}\"")),
    }
}

impl Best {
    fn to_value(self) -> Value {
        let mut best = molscrab_json::Map::new();
        best.insert("score".into(), self.score.into());
        best.insert("play".into(), self.play.into());
        // written only once there is one, so bests without hints read as before
        if self.hinted.is_some() {
            best.insert("hinted".into(), self.hinted.into());
        }
        Value::Object(best)
    }
}

impl Bests {
    /// Reads bests as [`Bests::to_json`] writes them; the error says what is wrong. Other
    /// keys are ignored.
    pub fn parse(text: &str) -> Result<Bests, String> {
        let value = molscrab_json::parse(text).map_err(|e| e.to_string())?;
        if !matches!(value, Value::Object(_)) {
            return Err("expected a JSON object".to_string());
        }
        Ok(Bests {
            standard: strict_best(&value, "standard")?,
            theory: strict_best(&value, "theory")?,
        })
    }

    /// Reads what it can and treats anything else as "no best yet"; never fails, since
    /// losing a best is better than refusing to start.
    pub fn parse_lenient(text: &str) -> Bests {
        let value = molscrab_json::parse(text).unwrap_or(Value::Null);
        Bests {
            standard: lenient_best(value.get("standard")),
            theory: lenient_best(value.get("theory")),
        }
    }

    /// `{"standard":{"score":…,"play":…},"theory":{…}}`, null where there is no best yet.
    pub fn to_json(&self) -> String {
        Value::object([
            ("standard", self.standard.to_value()),
            ("theory", self.theory.to_value()),
        ])
        .to_string()
    }

    pub fn get(&self, mode: Mode) -> Best {
        match mode {
            Mode::Standard => self.standard,
            Mode::Theory => self.theory,
        }
    }

    fn get_mut(&mut self, mode: Mode) -> &mut Best {
        match mode {
            Mode::Standard => &mut self.standard,
            Mode::Theory => &mut self.theory,
        }
    }

    /// A finished Solitaire game's final score (End game included); true when it is a new best.
    pub fn record_score(&mut self, mode: Mode, score: i32) -> bool {
        let best = &mut self.get_mut(mode).score;
        raise(best, score)
    }

    /// An accepted Solitaire play's total; true when it is a new best.
    pub fn record_play(&mut self, mode: Mode, total: i32) -> bool {
        let best = &mut self.get_mut(mode).play;
        raise(best, total)
    }
}

impl Bests {
    /// Records a Solitaire game's final score once it has ended; Pass and Play games and games
    /// still running change nothing. True when it is a new best.
    pub fn record_finished(&mut self, game: &Game) -> bool {
        if game.kind() != Kind::Solitaire || !game.is_over() {
            return false;
        }
        let score = game.scores().first().copied().unwrap_or(0);
        if game.hints_per_seat().first().is_some_and(|&n| n > 0) {
            return raise(&mut self.get_mut(game.mode()).hinted, score);
        }
        self.record_score(game.mode(), score)
    }

    /// Records the game's latest turn if it was a Solitaire play. True when it is a new best.
    pub fn record_last_play(&mut self, game: &Game) -> bool {
        match game.turns().last() {
            // a play shown by a hint is not the player's own best
            Some(turn)
                if game.kind() == Kind::Solitaire
                    && turn.kind == TurnKind::Play
                    && !game.hinted_before(game.moves().len() - 1) =>
            {
                self.record_play(game.mode(), turn.score)
            }
            _ => false,
        }
    }
}

fn raise(best: &mut Option<i32>, value: i32) -> bool {
    if best.is_none_or(|b| value > b) {
        *best = Some(value);
        true
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_with_hints_is_kept_apart_and_the_best_without_stays_the_headline() {
        use crate::record::{GameRecord, Move};
        let record = GameRecord::new_game(Kind::Solitaire, true, vec!["You".into()], 0, 42);
        let mut game = Game::start(record).unwrap();
        let best = crate::movegen::best_play(&game).unwrap();
        game.note_hint();
        game.apply(&best.to_move()).unwrap();
        let mut bests = Bests::default();
        assert!(
            !bests.record_last_play(&game),
            "a hinted play is no best play"
        );
        game.apply(&Move::End).unwrap();
        assert!(bests.record_finished(&game));
        let theory = bests.get(Mode::Theory);
        assert_eq!((theory.score, theory.play), (None, None));
        assert_eq!(theory.hinted, game.scores().first().copied());
        // written and read back; old bests without the key read as before
        assert_eq!(Bests::parse(&bests.to_json()), Ok(bests));
        let old = r#"{"standard":{"score":5,"play":3},"theory":{"score":null,"play":null}}"#;
        assert_eq!(Bests::parse(old).unwrap().to_json(), old);
    }

    #[test]
    fn bests_are_kept_per_mode() {
        let mut bests = Bests::default();
        assert!(bests.record_score(Mode::Theory, 120));
        assert!(!bests.record_score(Mode::Theory, 90));
        assert!(bests.record_play(Mode::Standard, 18));
        assert_eq!(
            bests.theory,
            Best {
                score: Some(120),
                play: None,
                hinted: None,
            }
        );
        assert_eq!(
            bests.standard,
            Best {
                score: None,
                play: Some(18),
                hinted: None,
            }
        );
        assert_eq!(
            bests.to_json(),
            r#"{"standard":{"score":null,"play":18},"theory":{"score":120,"play":null}}"#
        );
        assert_eq!(Bests::parse_lenient(&bests.to_json()), bests);
    }

    #[test]
    fn a_negative_final_score_is_still_a_first_best() {
        let mut bests = Bests::default();
        assert!(bests.record_score(Mode::Standard, -4));
        assert_eq!(bests.standard.score, Some(-4));
    }

    #[test]
    fn only_solitaire_games_set_bests() {
        use crate::board::Placement;
        use crate::elements::{Element::*, Tile};
        use crate::record::GameRecord;
        let mut record = GameRecord::new_game(Kind::Solitaire, false, vec!["You".into()], 0, 0);
        record.bag = Some(vec![Tile::Element(Na), Tile::Element(Cl), Tile::Element(U)]);
        let Ok(mut game) = Game::start(record) else {
            panic!("start");
        };
        let mut bests = Bests::default();
        assert!(!bests.record_finished(&game));
        assert!(game
            .play(&[Placement::new(7, 7, Na), Placement::new(7, 8, Cl)])
            .is_ok());
        assert!(bests.record_last_play(&game));
        assert!(game.end().is_ok());
        assert!(!bests.record_last_play(&game));
        assert!(bests.record_finished(&game));
        assert_eq!(
            bests.standard,
            Best {
                score: Some(8 - 10),
                play: Some(8),
                hinted: None,
            }
        );
        assert_eq!(bests.theory, Best::default());
    }

    #[test]
    fn strict_reading_says_what_is_wrong() {
        let mut bests = Bests::default();
        bests.record_score(Mode::Theory, -3);
        assert_eq!(Bests::parse(&bests.to_json()), Ok(bests));
        assert_eq!(
            Bests::parse(r#"{"standard":{},"theory":{"score":null},"extra":1}"#),
            Ok(Bests::default())
        );
        for (bad, why) in [
            ("garbage", "expected a value"),
            ("[]", "object"),
            (r#"{"standard":{}}"#, "no \"theory\""),
            (
                r#"{"standard":3,"theory":{}}"#,
                "\"standard\" should be an object",
            ),
            (r#"{"standard":{"play":1.5},"theory":{}}"#, "\"play\""),
            (
                r#"{"standard":{"score":3000000000},"theory":{}}"#,
                "\"score\"",
            ),
        ] {
            match Bests::parse(bad) {
                Ok(b) => panic!("{bad} read as {b:?}"),
                Err(e) => assert!(e.contains(why), "{bad}: {e}"),
            }
        }
    }

    #[test]
    fn unreadable_bests_read_as_none() {
        assert_eq!(Bests::parse_lenient("garbage"), Bests::default());
        assert_eq!(Bests::parse_lenient("[]"), Bests::default());
        let partial = Bests::parse_lenient(r#"{"theory":{"score":"x","play":12},"standard":7}"#);
        assert_eq!(
            partial.theory,
            Best {
                score: None,
                play: Some(12),
                hinted: None,
            }
        );
        assert_eq!(partial.standard, Best::default());
    }
}
