use super::*;
use molscrab_engine::computer::Level;
use molscrab_engine::record::Kind;

fn solitaire(seed: u64) -> GameRecord {
    GameRecord::new_game(Kind::Solitaire, true, vec!["You".into()], 0, seed)
}

fn request(op: &str, record: &GameRecord) -> String {
    Value::object([
        ("id", 7u64.into()),
        ("op", op.into()),
        ("record", record.to_value()),
    ])
    .to_string()
}

fn parsed(answer: &str) -> Value {
    molscrab_json::parse(answer).expect("the worker answers JSON")
}

/// `record` with `mv` (a record move's JSON) appended, replayed.
fn after(record: &GameRecord, mv: &Value) -> Game {
    let text = record
        .to_json()
        .replace("\"moves\":[]", &format!("\"moves\":[{mv}]"));
    Game::replay(&GameRecord::parse(&text).expect("a record move")).expect("a legal move")
}

#[test]
fn a_hint_is_the_best_play_and_scores_what_it_says() {
    let record = solitaire(42);
    let said = parsed(&answer(&request("show-hint", &record)));
    assert_eq!(said.get("id").and_then(Value::as_u64), Some(7));
    let ok = said.get("ok").expect("an answer, not an error");
    let game = after(&record, ok.get("move").unwrap());
    let best = MoveGenerator::new()
        .best_play(&Game::replay(&record).unwrap())
        .unwrap();
    assert_eq!(game.scores()[0], best.score);
    let said = ok.get("said").and_then(Value::as_str).unwrap();
    assert!(said.starts_with("Hint: ") && said.contains(&format!("for {} points", best.score)));
    // SPEC §10's form, as `molscrab hint` prints it
    let spec = parsed(&answer(&request("hint", &record)));
    let plays = spec
        .get("ok")
        .and_then(|o| o.get("plays"))
        .and_then(Value::as_array);
    assert_eq!(plays.map(Vec::len), Some(1));
    assert_eq!(
        plays.unwrap()[0].get("score").and_then(Value::as_i64),
        Some(i64::from(best.score))
    );
}

#[test]
fn a_computer_moves_at_its_level_and_the_move_is_legal() {
    let mut record = GameRecord::new_game(
        Kind::PassAndPlay,
        true,
        vec!["Ada".into(), "Professor".into()],
        1,
        5,
    );
    record.computers = Some(vec![None, Some(Level::Expert)]);
    for level in ["novice", "greedy", "expert"] {
        let question = Value::object([
            ("op", "move".into()),
            ("level", level.into()),
            ("record", record.to_value()),
        ]);
        let said = parsed(&answer(&question.to_string()));
        let mv = said
            .get("ok")
            .unwrap_or_else(|| panic!("{level}: {said:?}"));
        let game = after(&record, mv);
        assert_eq!(game.moves().len(), 1, "{level}");
        let expected = molscrab_engine::computer::choose_move(
            &Game::replay(&record).unwrap(),
            Level::from_code(level).unwrap(),
        );
        assert_eq!(
            game.moves().first(),
            expected.as_ref(),
            "{level}: deterministic"
        );
    }
    let bad = Value::object([
        ("op", "move".into()),
        ("level", "grandmaster".into()),
        ("record", record.to_value()),
    ]);
    assert!(answer(&bad.to_string()).contains("not a computer level"));
}

#[test]
fn hindsight_lists_a_persons_turns_with_the_best_play_they_missed() {
    // a person who plays the worst legal first play, then the game ends
    let record = solitaire(42);
    let game = Game::replay(&record).unwrap();
    let worst = molscrab_engine::movegen::legal_plays(&game)
        .into_iter()
        .min_by_key(|c| c.score)
        .unwrap();
    let best = MoveGenerator::new().best_play(&game).unwrap();
    assert!(worst.score < best.score);
    let mut played = record.clone();
    played.moves.push(worst.to_move());
    played.moves.push(molscrab_engine::record::Move::End);
    let said = parsed(&answer(&request("hindsight", &played)));
    let html = said.get("ok").and_then(Value::as_str).expect("HTML");
    assert!(
        html.contains(&format!("You scored {}", worst.score)),
        "{html}"
    );
    assert!(
        html.contains(&format!("would have scored {}", best.score)),
        "{html}"
    );
    assert!(html.contains("data-look=\"0\""), "{html}");
    // the summary: what the plays found, of what the best plays would have
    let found = if worst.score == 1 {
        "1 point found".to_string()
    } else {
        format!("{} points found", worst.score)
    };
    assert!(html.contains(&found), "{html}");
    // the page reads the button's play with the record's reader
    let start = html.find("data-play=\"").unwrap() + "data-play=\"".len();
    let attribute = &html[start..start + html[start..].find('"').unwrap()];
    let play = attribute.replace("&quot;", "\"");
    let game = after(&record, &molscrab_json::parse(&play).unwrap());
    assert_eq!(game.scores()[0], best.score);
}

#[test]
fn bad_requests_are_answered_with_a_message_never_a_panic() {
    for (text, says) in [
        ("not json", "error"),
        ("{}", "no \"op\""),
        ("{\"op\":\"fly\"}", "no such question"),
        ("{\"op\":\"hint\"}", "no \"record\""),
        ("{\"op\":\"hint\",\"record\":{\"format\":1}}", "error"),
        ("[1,2,3]", "no \"op\""),
    ] {
        let answer = answer(text);
        let value = parsed(&answer);
        let error = value.get("error").and_then(Value::as_str);
        assert!(error.is_some_and(|e| !e.is_empty()), "{text} → {answer}");
        assert!(
            answer.contains("error") && error.unwrap().contains(says) || says == "error",
            "{text} → {answer}"
        );
    }
    let huge = "x".repeat(MAX_REQUEST_BYTES + 1);
    assert!(answer(&huge).contains("more than the"));
}

#[test]
fn can_play_says_whether_the_player_to_move_has_a_play() {
    let mut stuck = solitaire(1);
    stuck.theory = false;
    stuck.bag = Some(
        "He Ne U Au Pt Hg Cr H H O O C C N N"
            .split(' ')
            .filter_map(molscrab_engine::elements::Tile::from_symbol)
            .collect(),
    );
    let said = parsed(&answer(&request("can-play", &stuck)));
    assert_eq!(said.get("ok"), Some(&Value::Bool(false)));
    let said = parsed(&answer(&request("can-play", &solitaire(42))));
    assert_eq!(said.get("ok"), Some(&Value::Bool(true)));
}

#[test]
fn a_formulas_card_and_names_come_from_the_substance_table_once_it_is_loaded() {
    let ask = |op: &str, key: &str, value: Value| {
        parsed(&answer(
            &Value::object([("op", op.into()), (key, value)]).to_string(),
        ))
    };
    let ethanol = || Value::Array(vec!["C C H H H H H H O".into(), "U Au Pt".into()]);
    // before the table: only card formulas are documented
    let before = ask("names", "formulas", ethanol());
    assert_eq!(
        before.get("ok").unwrap().to_string(),
        r#"[["C C H H H H H H O",""],["U Au Pt",""]]"#
    );
    assert!(!load_substances("not a table"));
    assert!(load_substances(include_str!(
        "../../../public/lazy/substances.txt"
    )));
    let after = ask("names", "formulas", ethanol());
    assert_eq!(
        after.get("ok").unwrap().to_string(),
        r#"[["C C H H H H H H O","ethanol"],["U Au Pt",""]]"#
    );
    let card = ask("explain", "tiles", "H H O".into());
    let html = card.get("ok").and_then(Value::as_str).unwrap();
    assert!(
        html.contains("water") && html.contains("<svg") && html.contains("Documented"),
        "{html}"
    );
    let bad = ask("explain", "tiles", "Xx Yy".into());
    assert!(bad
        .get("ok")
        .and_then(Value::as_str)
        .is_some_and(|h| h.contains("no drawing")));
}
