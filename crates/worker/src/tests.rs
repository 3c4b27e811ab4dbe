use super::*;
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

#[test]
fn best_answers_the_move_generators_play_and_it_replays_for_that_score() {
    let record = solitaire(42);
    let answer = parsed(&answer(&request("best", &record)));
    assert_eq!(answer.get("id").and_then(Value::as_u64), Some(7));
    let ok = answer.get("ok").expect("an answer, not an error");
    let play = ok.get("play").unwrap().to_string();
    let text = record
        .to_json()
        .replace("\"moves\":[]", &format!("\"moves\":[{play}]"));
    let game = Game::replay(&GameRecord::parse(&text).expect("the play is a record move"))
        .expect("the play is legal");
    let scored = game.scores()[0];
    assert_eq!(
        i64::from(scored),
        ok.get("score").unwrap().as_i64().unwrap()
    );
    let expected = MoveGenerator::new().best_play(&Game::replay(&record).unwrap());
    assert_eq!(scored, expected.unwrap().score);
}

#[test]
fn bad_requests_are_answered_with_a_message_never_a_panic() {
    for (text, says) in [
        ("not json", "error"),
        ("{}", "no \"op\""),
        ("{\"op\":\"fly\"}", "no such question"),
        ("{\"op\":\"best\"}", "no \"record\""),
        ("{\"op\":\"best\",\"record\":{\"format\":1}}", "error"),
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
