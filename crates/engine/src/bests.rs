//! Personal bests per mode and table-variant set (RULES §9, §10): best Solitaire final score and best single play.

use crate::game::Game;
use crate::kind::Kind;
use crate::referee::Mode;
use crate::turn::TurnKind;
use crate::variants::{Variant, Variants};
use molscrab_json::{Map, Value};

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
/// `molscrab.bests`; games played with table variants add `"variants": {"theory+organic":
/// {…}, …}`, keyed by the mode and the sorted variant codes. Plain games' bests stay where they
/// always were, so an older build's text reads unchanged and an older build reads ours.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bests {
    pub standard: Best,
    pub theory: Best,
    // keyed by `set_key`, each once, never a plain game of a referee kept at the top; in the
    // order first recorded or read (a plain list: the app's wasm needs no sorted one)
    with_variants: Vec<(String, Best)>,
    // sets of a referee (or variant) this build does not know, as read: written back as they
    // were, so that no build loses another's bests
    foreign: Vec<(String, Value)>,
}

// whether a referee's plain games keep their bests at the top ("standard", "theory", as the
// first builds wrote them) rather than among the sets ("chemist")
fn plain_at_top(mode: Mode) -> bool {
    match mode {
        Mode::Standard | Mode::Theory => true,
        Mode::Chemist => false,
    }
}

// a set key only a newer build could write: a referee's code, then variants' codes, joined
// by '+', one of them a code this build does not know
fn foreign_key(key: &str) -> bool {
    let codes = key.len() <= 200
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'+');
    let mut parts = key.split('+');
    let referee = parts.next().unwrap_or_default();
    let known_referee = referee.parse::<Mode>().is_ok();
    let unknown_variant = parts.any(|code| !Variant::ALL.iter().any(|v| v.code() == code));
    codes && !referee.is_empty() && (!known_referee || unknown_variant)
}

/// At most this many variant sets are read (there are 3 referees × 16 sets, so a longer list
/// is not ours).
const MAX_VARIANT_SETS: usize = 64;

fn set_key(mode: Mode, variants: Variants) -> String {
    let mut key = mode.code().to_string();
    // the chemist's referee keeps even its plain games' bests here: "chemist"
    if !variants.is_empty() {
        key.push('+');
        key.push_str(&variants.key());
    }
    key
}

// "theory+biology-bonus+organic" → (Theory, {biology-bonus, organic}); None for any other text.
// Compared with every set's key rather than split and read: the app's wasm has no reader of
// variant keys then, only the writer it needs anyway.
fn read_set_key(key: &str) -> Option<(Mode, Variants)> {
    Mode::ALL.into_iter().find_map(|mode| {
        Variants::every_set()
            .find(|&v| (!plain_at_top(mode) || !v.is_empty()) && set_key(mode, v) == key)
            .map(|v| (mode, v))
    })
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
        Some(best) => strict_best_value(best, mode),
        None => Err(format!("no \"{mode}\"")),
    }
}

fn strict_best_value(best: &Value, key: &str) -> Result<Best, String> {
    match best {
        Value::Object(_) => Ok(Best {
            score: strict_number(best, "score")?,
            play: strict_number(best, "play")?,
            hinted: strict_number(best, "hinted")?,
        }),
        _ => Err(format!("\"{key}\" should be an object")),
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
        let mut bests = Bests {
            standard: strict_best(&value, "standard")?,
            theory: strict_best(&value, "theory")?,
            ..Bests::default()
        };
        match value.get("variants") {
            None | Some(Value::Null) => {}
            Some(Value::Object(sets)) => {
                if sets.len() > MAX_VARIANT_SETS {
                    return Err(format!(
                        "\"variants\" holds {} sets, more than the {MAX_VARIANT_SETS} this reads",
                        sets.len()
                    ));
                }
                for (key, best) in sets.iter() {
                    match read_set_key(key) {
                        Some((mode, variants)) => {
                            *bests.slot(mode, variants) = strict_best_value(best, key)?;
                        }
                        // a newer build's referee or variant: kept as it is
                        None if foreign_key(key) && matches!(best, Value::Object(_)) => {
                            bests.foreign.push((key.to_string(), best.clone()));
                        }
                        None => {
                            return Err(format!(
                                "\"variants\" has \"{key}\", which is not a mode and variants"
                            ))
                        }
                    }
                }
            }
            Some(_) => return Err("\"variants\" should be an object".to_string()),
        }
        Ok(bests)
    }

    /// Reads what it can and treats anything else as "no best yet"; never fails, since
    /// losing a best is better than refusing to start.
    pub fn parse_lenient(text: &str) -> Bests {
        let value = molscrab_json::parse(text).unwrap_or(Value::Null);
        let mut bests = Bests {
            standard: lenient_best(value.get("standard")),
            theory: lenient_best(value.get("theory")),
            ..Bests::default()
        };
        if let Some(Value::Object(sets)) = value.get("variants") {
            for (key, best) in sets.iter().take(MAX_VARIANT_SETS) {
                match read_set_key(key) {
                    Some((mode, variants)) => {
                        *bests.slot(mode, variants) = lenient_best(Some(best));
                    }
                    None if foreign_key(key) && matches!(best, Value::Object(_)) => {
                        bests.foreign.push((key.to_string(), best.clone()));
                    }
                    None => {}
                }
            }
        }
        bests
    }

    /// `{"standard":{"score":…,"play":…},"theory":{…}}`, null where there is no best yet;
    /// then `"variants":{"theory+organic":{…},…}` when a game with variants set one.
    pub fn to_json(&self) -> String {
        let mut map = Map::new();
        map.insert("standard".to_string(), self.standard.to_value());
        map.insert("theory".to_string(), self.theory.to_value());
        if !self.with_variants.is_empty() || !self.foreign.is_empty() {
            let mut sets = Map::new();
            for (key, best) in &self.with_variants {
                sets.insert(key.clone(), best.to_value());
            }
            for (key, best) in &self.foreign {
                sets.insert(key.clone(), best.clone());
            }
            map.insert("variants".to_string(), Value::Object(sets));
        }
        Value::Object(map).to_string()
    }

    /// The bests of plain games (no table variant) in this mode.
    pub fn get(&self, mode: Mode) -> Best {
        self.get_with(mode, Variants::NONE)
    }

    /// The bests of games in this mode with exactly these variants.
    pub fn get_with(&self, mode: Mode, variants: Variants) -> Best {
        if variants.is_empty() {
            match mode {
                Mode::Standard => return self.standard,
                Mode::Theory => return self.theory,
                Mode::Chemist => {}
            }
        }
        let key = set_key(mode, variants);
        self.with_variants
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(Best::default(), |(_, best)| *best)
    }

    /// Every variant set with a best, Standard Mode's first, then by set (plain games' are
    /// [`Bests::get`]'s).
    pub fn with_variants(&self) -> impl Iterator<Item = (Mode, Variants, Best)> + '_ {
        let mut sets: Vec<(Mode, Variants, Best)> = self
            .with_variants
            .iter()
            .filter_map(|(key, best)| read_set_key(key).map(|(m, v)| (m, v, *best)))
            .collect();
        sets.sort_by_key(|&(m, v, _)| (m, v));
        sets.into_iter()
    }

    fn slot(&mut self, mode: Mode, variants: Variants) -> &mut Best {
        if variants.is_empty() {
            match mode {
                Mode::Standard => return &mut self.standard,
                Mode::Theory => return &mut self.theory,
                Mode::Chemist => {}
            }
        }
        let key = set_key(mode, variants);
        let at = match self.with_variants.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                self.with_variants.push((key, Best::default()));
                self.with_variants.len() - 1
            }
        };
        &mut self.with_variants[at].1
    }

    /// A finished plain Solitaire game's final score (End game included); true when it is a
    /// new best.
    pub fn record_score(&mut self, mode: Mode, score: i32) -> bool {
        self.record_score_with(mode, Variants::NONE, score)
    }

    /// An accepted plain Solitaire play's total; true when it is a new best.
    pub fn record_play(&mut self, mode: Mode, total: i32) -> bool {
        self.record_play_with(mode, Variants::NONE, total)
    }

    /// [`Bests::record_score`] for a game with these variants.
    pub fn record_score_with(&mut self, mode: Mode, variants: Variants, score: i32) -> bool {
        raise(&mut self.slot(mode, variants).score, score)
    }

    /// [`Bests::record_play`] for a game with these variants.
    pub fn record_play_with(&mut self, mode: Mode, variants: Variants, total: i32) -> bool {
        raise(&mut self.slot(mode, variants).play, total)
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
        let slot = self.slot(game.mode(), game.variants());
        if game.hints_per_seat().first().is_some_and(|&n| n > 0) {
            return raise(&mut slot.hinted, score);
        }
        raise(&mut slot.score, score)
    }

    /// Records every play of a Solitaire game that no hint showed, as [`Bests::record_last_play`]
    /// after each move would have; true when one is a new best. Asked again with the same game
    /// it changes nothing (the engine's worker raises the page's bests this way, so two answers
    /// crossing lose nothing).
    pub fn record_plays(&mut self, game: &Game) -> bool {
        match top_play(game) {
            Some(total) => self.record_play_with(game.mode(), game.variants(), total),
            None => false,
        }
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
                self.record_play_with(game.mode(), game.variants(), turn.score)
            }
            _ => false,
        }
    }
}

/// The best play of a Solitaire game that counts towards the personal bests (no hint showed
/// it), if it has one: all that [`Bests::record_plays`] can raise a best play to. A page asks the
/// engine to record a game's plays only when this grows, or the game ends.
pub fn top_play(game: &Game) -> Option<i32> {
    if game.kind() != Kind::Solitaire {
        return None;
    }
    let turns = game.turns().iter().enumerate();
    turns
        .filter(|(at, turn)| turn.kind == TurnKind::Play && !game.hinted_before(*at))
        .map(|(_, turn)| turn.score)
        .max()
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
        let record = GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 42);
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
        let mut record =
            GameRecord::new_game(Kind::Solitaire, Mode::Standard, vec!["You".into()], 0, 0);
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
    fn bests_are_kept_per_mode_and_variant_set() {
        use crate::variants::{Variant, Variants};
        let bio = Variants::of(&[Variant::BiologyBonus]);
        let both = Variants::of(&[Variant::Organic, Variant::BiologyBonus]);
        let mut bests = Bests::default();
        assert!(bests.record_score(Mode::Theory, 100));
        assert!(bests.record_score_with(Mode::Theory, bio, 90));
        assert!(bests.record_play_with(Mode::Theory, both, 30));
        assert!(bests.record_score_with(Mode::Standard, bio, 12));
        assert!(!bests.record_score_with(Mode::Theory, bio, 80));
        assert_eq!(bests.get(Mode::Theory).score, Some(100));
        assert_eq!(
            bests.get_with(Mode::Theory, Variants::NONE).score,
            Some(100)
        );
        assert_eq!(bests.get_with(Mode::Theory, bio).score, Some(90));
        assert_eq!(
            bests.get_with(Mode::Theory, both),
            Best {
                score: None,
                play: Some(30),
                hinted: None
            }
        );
        assert_eq!(bests.get_with(Mode::Standard, both), Best::default());
        assert_eq!(
            bests.to_json(),
            r#"{"standard":{"score":null,"play":null},"theory":{"score":100,"play":null},"variants":{"theory+biology-bonus":{"score":90,"play":null},"theory+biology-bonus+organic":{"score":null,"play":30},"standard+biology-bonus":{"score":12,"play":null}}}"#
        );
        assert_eq!(Bests::parse(&bests.to_json()), Ok(bests.clone()));
        assert_eq!(Bests::parse_lenient(&bests.to_json()), bests);
        let sets: Vec<String> = bests
            .with_variants()
            .map(|(m, v, _)| format!("{}+{}", m.code(), v.key()))
            .collect();
        assert_eq!(
            sets,
            [
                "standard+biology-bonus",
                "theory+biology-bonus",
                "theory+biology-bonus+organic"
            ]
        );
    }

    #[test]
    fn an_old_bests_text_still_loads_and_is_written_as_before() {
        // as every build before variants wrote it
        let old = r#"{"standard":{"score":41,"play":18},"theory":{"score":212,"play":40}}"#;
        let Ok(bests) = Bests::parse(old) else {
            panic!("refused");
        };
        assert_eq!(bests.get(Mode::Standard).score, Some(41));
        assert_eq!(bests.get(Mode::Theory).play, Some(40));
        assert_eq!(bests.with_variants().count(), 0);
        assert_eq!(bests.to_json(), old);
        assert_eq!(Bests::parse_lenient(old), bests);
    }

    #[test]
    fn a_game_with_variants_sets_its_own_bests() {
        use crate::board::Placement;
        use crate::elements::{Element::*, Tile};
        use crate::record::GameRecord;
        use crate::variants::{Variant, Variants};
        let mut record =
            GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, 0);
        record.bag = Some(vec![Tile::Element(H), Tile::Element(H), Tile::Element(O)]);
        record.variants = Variants::of(&[Variant::BiologyBonus]);
        let Ok(mut game) = Game::start(record) else {
            panic!("start");
        };
        let mut bests = Bests::default();
        assert!(game
            .play(&[
                Placement::new(7, 6, H),
                Placement::new(7, 7, H),
                Placement::new(7, 8, O)
            ])
            .is_ok());
        assert!(bests.record_last_play(&game));
        assert!(bests.record_finished(&game));
        // water 6, Biology Bonus 5, Clean Bench 25
        assert_eq!(
            bests.get_with(Mode::Theory, game.variants()),
            Best {
                score: Some(36),
                play: Some(36),
                hinted: None
            }
        );
        assert_eq!(bests.get(Mode::Theory), Best::default());
    }

    #[test]
    fn variant_sets_are_read_strictly_or_leniently() {
        let base = r#""standard":{},"theory":{}"#;
        for (variants, why) in [
            (r#""variants":[]"#, "\"variants\" should be an object"),
            (r#""variants":{"theory":{}}"#, "\"theory\", which is not"),
            (
                r#""variants":{"theory+organic+junior":{}}"#,
                "organic+junior",
            ),
            (r#""variants":{"theory+organic":3}"#, "should be an object"),
            (
                r#""variants":{"theory+organic":{"score":"x"}}"#,
                "\"score\"",
            ),
        ] {
            let text = format!("{{{base},{variants}}}");
            match Bests::parse(&text) {
                Ok(b) => panic!("{text} read as {b:?}"),
                Err(e) => assert!(e.contains(why), "{text}: {e}"),
            }
        }
        let text = format!(
            r#"{{{base},"variants":{{"theory+chess":{{"score":5}},"theory+junior":{{"score":7}}}}}}"#
        );
        let lenient = Bests::parse_lenient(&text);
        assert_eq!(lenient.with_variants().count(), 1);
        // a variant this build does not know is a newer build's: kept as it is
        assert!(lenient.to_json().contains(r#""theory+chess":{"score":5}"#));
        assert_eq!(
            Bests::parse(&text).map(|b| b.to_json()),
            Ok(lenient.to_json())
        );
        assert_eq!(
            lenient
                .get_with(Mode::Theory, Variants::of(&[Variant::Junior]))
                .score,
            Some(7)
        );
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

    #[test]
    fn a_referee_this_build_does_not_know_keeps_its_bests_through_a_round_trip() {
        let text = r#"{"standard":{"score":10,"play":4},"theory":{"score":200,"play":40},"variants":{"chemist":{"score":150,"play":30},"alchemist+organic":{"score":999,"play":99,"gold":true}}}"#;
        let bests = match Bests::parse(text) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(bests.get(Mode::Chemist).score, Some(150));
        assert_eq!(bests.to_json(), text);
        assert_eq!(Bests::parse_lenient(text), bests);
        let mut raised = bests.clone();
        assert!(raised.record_score(Mode::Theory, 300));
        assert!(raised
            .to_json()
            .contains(r#""alchemist+organic":{"score":999,"play":99,"gold":true}"#));
        // what is no referee's key at all is still refused
        let odd = text.replace("alchemist+organic", "Alchemist!");
        assert!(Bests::parse(&odd).is_err());
    }

    #[test]
    fn the_chemists_referee_keeps_its_own_bests_and_they_read_back() {
        let mut bests = Bests::default();
        assert!(bests.record_score(Mode::Chemist, 281));
        assert!(bests.record_play_with(
            Mode::Chemist,
            Variants::of(&[crate::variants::Variant::Junior]),
            40
        ));
        assert_eq!(bests.get(Mode::Chemist).score, Some(281));
        assert_eq!(bests.get(Mode::Standard), Best::default());
        let text = bests.to_json();
        assert!(text.contains("\"chemist\""), "{text}");
        assert!(text.contains("\"chemist+junior\""), "{text}");
        let again = Bests::parse(&text).expect("reads back");
        assert_eq!(again, bests);
        assert_eq!(Bests::parse_lenient(&text), bests);
    }
}
