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

mod tables {
    use super::*;
    use molscrab_engine::record::Move;
    use molscrab_engine::table_link::TableState;

    fn ask(request: Value) -> Result<Value, String> {
        let answer = parsed(&answer(&request.to_string()));
        match (
            answer.get("ok"),
            answer.get("error").and_then(Value::as_str),
        ) {
            (Some(ok), _) => Ok(ok.clone()),
            (None, Some(e)) => Err(e.to_string()),
            _ => panic!("neither ok nor error: {answer}"),
        }
    }

    /// A new table of `players` as the page asks for one: this device at seat 0, who moves
    /// first.
    fn new_table(players: &[&str]) -> String {
        let players = players.iter().map(|p| p.to_string()).collect();
        let record = GameRecord::new_game(Kind::PassAndPlay, true, players, 0, 3);
        let made = ask(Value::object([
            ("op", "table-create".into()),
            ("record", record.to_value()),
            ("seat", 0u64.into()),
            ("nonce", 99u64.into()),
        ]))
        .expect("a table is made");
        text(&made, "table")
    }

    fn text(v: &Value, key: &str) -> String {
        v.get(key).and_then(Value::as_long_str).unwrap()
    }

    fn strings(items: &[&str]) -> Value {
        Value::Array(items.iter().map(|t| Value::long_string(t)).collect())
    }

    fn open(tables: &[&str], link: &str) -> Result<Value, String> {
        ask(Value::object([
            ("op", "table-open".into()),
            ("tables", strings(tables)),
            ("link", link.into()),
        ]))
    }

    fn screen(table: &str) -> String {
        let html = ask(Value::object([
            ("op", "table-screen".into()),
            ("table", table.into()),
            ("base", "https://x.example/g/".into()),
            ("share", true.into()),
        ]))
        .expect("a screen");
        text(&html, "html")
    }

    #[test]
    fn a_table_is_made_invites_joins_and_a_move_travels_as_a_link() {
        let ada = new_table(&["Ada", "Bo"]);
        // before the first move: one invitation, Bo's, as a whole address with Copy and Share
        let html = screen(&ada);
        assert!(html.contains("Invite the players"), "{html}");
        assert!(!html.contains("Send this to the table"));
        let start = html
            .find("value=\"https://x.example/g/#t1.")
            .expect("Bo's invitation");
        let invitation = &html[start + 7..];
        let invitation = &invitation[..invitation.find('"').unwrap()];
        assert!(html.contains(&format!("data-share=\"{invitation}\"")));
        assert_eq!(html.matches("data-copy=").count(), 1);
        // Bo's device, with no table yet, opens it (a whole address, as pasted)
        let joined = open(&[], invitation).unwrap();
        assert_eq!(
            text(&joined, "news"),
            "You joined the table as Bo: waiting for Ada — open the link they send you when \
             they have moved."
        );
        let bo = text(&joined, "table");
        let bo_table = TableState::parse(&bo).unwrap();
        assert_eq!(bo_table.seat(), 1);
        assert!(screen(&bo).contains("<h2>Waiting for Ada</h2>"));
        // opening it again on Bo's device: nothing new
        let again = open(&[&bo], invitation).unwrap();
        assert_eq!(text(&again, "nothing_new"), bo_table.id().text());
        // Ada passes: her screen offers the move link, which moves Bo's table on by one
        let mut ada_table = TableState::parse(&ada).unwrap();
        assert!(ada_table.is_my_turn(), "the record's first seat is Ada's");
        ada_table.play(&Move::Pass).unwrap();
        let html = screen(&ada_table.to_json());
        assert!(html.contains("Send this to the table") && html.contains("Catch-up link"));
        let moved = open(&[&bo], &ada_table.move_link()).unwrap();
        assert_eq!(text(&moved, "news"), "1 new move applied — it's your turn.");
        let bo_after = TableState::parse(&text(&moved, "table")).unwrap();
        assert_eq!(bo_after.game().moves().len(), 1);
        // the list: Bo's turn first, then the table waiting for Ada
        let list = ask(Value::object([
            ("op", "table-list".into()),
            (
                "tables",
                strings(&[&ada_table.to_json(), &bo_after.to_json()]),
            ),
        ]))
        .unwrap();
        let list = text(&list, "html");
        let bo_entry = list
            .find("Ada, Bo (you)</strong> — it&#39;s your turn")
            .unwrap();
        let ada_entry = list
            .find("Ada (you), Bo</strong> — waiting for Bo")
            .unwrap();
        assert!(bo_entry < ada_entry, "{list}");
    }

    #[test]
    fn refusals_come_back_as_the_players_sentence() {
        let ada = new_table(&["Ada", "Bo", "Cy"]);
        let other = new_table(&["Di", "Ed"]);
        let other_catch_up = TableState::parse(&other).unwrap().catch_up_link();
        let refused = open(&[&ada], &other_catch_up).unwrap_err();
        assert!(refused.contains("open the invitation"), "{refused}");
        let ignored = open(&[&ada], "top").unwrap();
        assert!(text(&ignored, "ignored").contains("not a Molecular Scrabble table link"));
        let cut = &other_catch_up[..other_catch_up.len() - 5];
        assert!(open(&[&ada], cut).unwrap_err().contains("cut short"));
        let huge = ask(Value::object([
            ("op", "table-open".into()),
            ("link_bytes", 3_000_000u64.into()),
        ]))
        .unwrap_err();
        assert!(huge.contains("3000000 characters"), "{huge}");
        // a table save that no longer reads is left out, not a failure
        let cy = TableState::parse(&ada).unwrap().invitation(2).unwrap();
        assert!(open(&["not a table"], &cy).unwrap().get("table").is_some());
    }

    #[test]
    fn names_are_escaped_in_every_html_the_page_shows() {
        let odd = "<img src=x onerror=alert(1)>";
        let table = new_table(&["Ada", odd]);
        let list = ask(Value::object([
            ("op", "table-list".into()),
            ("tables", strings(&[&table])),
        ]))
        .unwrap();
        for html in [text(&list, "html"), screen(&table)] {
            assert!(!html.contains("<img"), "{html}");
            assert!(
                html.contains("&lt;img src=x onerror=alert(1)&gt;"),
                "{html}"
            );
        }
    }
}
