use super::*;
use molscrab_engine::computer::Level;
use molscrab_engine::record::{Kind, Move};

fn solitaire(seed: u64) -> GameRecord {
    GameRecord::new_game(Kind::Solitaire, Mode::Theory, vec!["You".into()], 0, seed)
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

/// Hindsight's answer for `record`: its seats, and its turns each as the sentence the page
/// reads (a formula part as its text) with its "Show on board" (`{"move", "play"}`, or null).
fn looked_back(record: &GameRecord) -> (Vec<Value>, Vec<(String, Value)>) {
    let said = parsed(&answer(&request("hindsight", record)));
    let ok = said.get("ok").unwrap_or_else(|| panic!("{said:?}"));
    let list = |k: &str| ok.get(k).and_then(Value::as_array).cloned().expect(k);
    let turns = list("turns")
        .iter()
        .map(|t| {
            let parts = t.get("said").and_then(Value::as_array).expect("parts");
            let text: String = parts
                .iter()
                .map(|p| match p.as_str() {
                    Some(text) => text.to_string(),
                    None => p
                        .get("text")
                        .and_then(Value::as_str)
                        .expect("a formula")
                        .into(),
                })
                .collect();
            (text, t.get("look").cloned().unwrap_or(Value::Null))
        })
        .collect();
    (list("seats"), turns)
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
    // RULES §10's form, as `molscrab hint` prints it
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
fn under_ion_rules_a_hinted_ion_says_its_charge() {
    // the rack O H He Ne He Ne He: the one play is O·H, which counts only as the ion OH⁻
    let bag = "O H He Ne He Ne He C C N N S S";
    let text = format!(
        "{{\"format\":\"molscrab-game/1\",\"kind\":\"solitaire\",\"theory\":true,\
         \"players\":[\"You\"],\"first\":0,\"seed\":1,\"variants\":[\"ion-rules\"],\
         \"bag\":[{}],\"moves\":[]}}",
        bag.split(' ')
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    let record = GameRecord::parse(&text).expect("a record with Ion Rules");
    let said = parsed(&answer(&request("show-hint", &record)));
    let ok = said.get("ok").expect("an answer, not an error");
    let said = ok.get("said").and_then(Value::as_str).unwrap();
    assert!(said.starts_with("Hint: "), "{said}");
    assert!(said.starts_with("Hint: O·H, the ion OH⁻, for "), "{said}");
    // and the hinted move is legal, the ion scored
    let game = after(&record, ok.get("move").unwrap());
    assert!(game.scores()[0] > 0);
}

#[test]
fn a_computer_moves_at_its_level_and_the_move_is_legal() {
    let mut record = GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Theory,
        vec!["Ada".into(), "Professor".into()],
        1,
        5,
    );
    record.computers = Some(vec![None, Some(Level::Professor)]);
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
    let (seats, turns) = looked_back(&played);
    let (said, look) = &turns[0];
    assert!(
        said.starts_with(&format!("You scored {}; ", worst.score)),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            " would have scored {}, {} more",
            best.score,
            best.score - worst.score
        )),
        "{said}"
    );
    assert_eq!(said.matches(". ").count(), 0, "one sentence: {said}");
    // each formula of the best play is a part the page makes a button: its tiles (for its
    // card) and its name as the notebook writes it
    let answer = parsed(&answer(&request("hindsight", &played)));
    let parts = answer
        .get("ok")
        .and_then(|ok| ok.get("turns"))
        .and_then(Value::as_array)
        .and_then(|t| t[0].get("said"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap();
    let formulas: Vec<&Value> = parts.iter().filter(|p| p.as_str().is_none()).collect();
    assert_eq!(formulas.len(), best.formulas.len());
    for (part, f) in formulas.iter().zip(&best.formulas) {
        let tiles = molscrab_engine::referee::spaced(&f.tiles);
        assert_eq!(
            part.get("tiles").and_then(Value::as_str),
            Some(tiles.as_str())
        );
        let text = part.get("text").and_then(Value::as_str).unwrap();
        let shown = molscrab_engine::display::shown(&f.tiles, f.known, f.charge, None);
        assert!(text.starts_with(&shown.label), "{text}");
    }
    // Show on board: the move's number, and the best play as a record move
    assert_eq!(look.get("move").and_then(Value::as_u64), Some(0));
    let game = after(&record, look.get("play").expect("a play"));
    assert_eq!(game.scores()[0], best.score);
    // the summary's total is the final score; the plays' points, and why they differ
    let final_score = Game::replay(&played).unwrap().scores()[0];
    let head = seats[0].get("head").and_then(Value::as_str).unwrap();
    let minus = format!("{final_score}").replace('-', "\u{2212}");
    assert_eq!(head, format!("You: {minus} points"));
    let summary = seats[0].get("said").and_then(Value::as_str).unwrap();
    assert!(
        summary.starts_with(&format!(
            "Plays scored {} points of the {} ",
            worst.score,
            molscrab_engine::hindsight::hindsight(&played)
                .unwrap()
                .seats[0]
                .available
        )),
        "{summary}"
    );
    let left = worst.score - final_score;
    assert!(left > 0, "ending the game cost the rack's points");
    assert!(
        summary.contains(&format!(
            "; {left} points came off the final score for the tiles"
        )),
        "{summary}"
    );
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
    stuck.set_mode(molscrab_engine::referee::Mode::Standard);
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
        let record = GameRecord::new_game(Kind::PassAndPlay, Mode::Theory, players, 0, 3);
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

    fn screen(table: &str) -> Value {
        ask(Value::object([
            ("op", "table-screen".into()),
            ("table", table.into()),
            ("base", "https://x.example/g/".into()),
        ]))
        .expect("a screen")
    }

    /// The invitations in a table's screen: whom each is for, and its address.
    fn invitations(screen: &Value) -> Vec<(String, String)> {
        let links = screen.get("links").and_then(Value::as_array);
        links
            .into_iter()
            .flatten()
            .map(|l| (text(l, "for"), text(l, "url")))
            .collect()
    }

    #[test]
    fn a_table_is_made_invites_joins_and_a_move_travels_as_a_link() {
        let ada = new_table(&["Ada", "Bo"]);
        // before the first move: one invitation, Bo's, as a whole address, shown open
        let shown = screen(&ada);
        assert_eq!(shown.get("inviting"), Some(&Value::Bool(true)), "{shown}");
        assert_eq!(shown.get("sent"), None, "{shown}");
        assert_eq!(shown.get("catch_up"), None, "{shown}");
        let links = invitations(&shown);
        assert_eq!(links.len(), 1, "{shown}");
        assert_eq!(links[0].0, "Bo");
        assert_eq!(
            shown
                .get("links")
                .and_then(Value::as_array)
                .and_then(|l| l.first())
                .map(|l| text(l, "label")),
            Some("Bo's invitation".to_string())
        );
        let invitation = links[0].1.as_str();
        assert!(
            invitation.starts_with("https://x.example/g/#t1."),
            "{invitation}"
        );
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
        let waiting = screen(&bo);
        assert_eq!(text(&waiting, "waiting"), "Ada");
        assert_eq!(waiting.get("inviting"), Some(&Value::Bool(false)));
        // opening it again on Bo's device: nothing new
        let again = open(&[&bo], invitation).unwrap();
        assert_eq!(text(&again, "nothing_new"), bo_table.id().text());
        // Ada passes: her screen offers the move link, which moves Bo's table on by one
        let mut ada_table = TableState::parse(&ada).unwrap();
        assert!(ada_table.is_my_turn(), "the record's first seat is Ada's");
        ada_table.play(&Move::Pass).unwrap();
        let sent = screen(&ada_table.to_json());
        let move_link = sent.get("sent").map(|l| text(l, "url"));
        assert_eq!(
            move_link,
            Some(format!("https://x.example/g/#{}", ada_table.move_link()))
        );
        assert!(sent.get("catch_up").is_some(), "{sent}");
        assert_eq!(sent.get("fresh"), Some(&Value::Bool(false)));
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
        let entries = list.get("tables").and_then(Value::as_array).unwrap();
        let read: Vec<(String, String, Option<bool>)> = entries
            .iter()
            .map(|e| {
                let yours = e.get("yours").and_then(Value::as_bool);
                (text(e, "players"), text(e, "standing"), yours)
            })
            .collect();
        assert_eq!(
            read,
            [
                ("Ada, Bo (you)".into(), "it's your turn".into(), Some(true)),
                ("Ada (you), Bo".into(), "waiting for Bo".into(), Some(false)),
            ]
        );
        assert_eq!(text(&entries[0], "id"), bo_after.id().text());
    }

    #[test]
    fn a_table_is_made_from_the_form_as_typed_and_its_names_checked_there() {
        let form = |names: &[&str], mode: &str| {
            let names = Value::Array(names.iter().map(|&n| n.into()).collect());
            ask(Value::object([
                ("op", "table-create".into()),
                ("names", names),
                ("mode", mode.into()),
                ("first", 7u64.into()),
                ("seed", 11u64.into()),
                ("nonce", 13u64.into()),
            ]))
        };
        // the engine's names rule, in the form's words
        assert_eq!(
            form(&["Ada", "", "", ""], "theory"),
            Err("Type your name and at least one friend's.".to_string())
        );
        assert!(form(&["Ada", " ada", "", ""], "theory")
            .unwrap_err()
            .contains("different name"));
        // this device at the first seat, who moves first drawn from `first`, the mode as ticked
        let made = form(&["Ada", "Bo", "Cy", ""], "standard").expect("a table");
        // a referee the worker does not know is refused, by its code
        assert!(form(&["Ada", "Bo", "", ""], "alchemy")
            .unwrap_err()
            .contains("unknown mode \"alchemy\""));
        let table = TableState::parse(&text(&made, "table")).expect("its save reads");
        assert_eq!(table.seat(), 0);
        assert_eq!(table.game().players(), ["Ada", "Bo", "Cy"]);
        assert_eq!(table.game().to_move(), 7 % 3);
        assert_eq!(table.game().seed(), 11);
        assert_eq!(
            table.game().mode(),
            molscrab_engine::referee::Mode::Standard
        );
    }

    #[test]
    fn a_table_plays_the_variants_ticked_that_fit_and_its_invitation_carries_them() {
        use molscrab_engine::variants::{Variant, Variants};
        let made = ask(Value::object([
            ("op", "table-create".into()),
            ("names", Value::Array(vec!["Ada".into(), "Bo".into()])),
            ("mode", "standard".into()),
            // Organic Chemistry Mode is Theory Mode's only: left out; an unknown code ignored
            (
                "variants",
                Value::Array(vec![
                    "speed-lab".into(),
                    "organic".into(),
                    "chess".into(),
                    "biology-bonus".into(),
                ]),
            ),
            ("first", 0u64.into()),
            ("seed", 5u64.into()),
            ("nonce", 6u64.into()),
        ]))
        .expect("a table");
        let ada = text(&made, "table");
        let played = Variants::of(&[Variant::SpeedLab, Variant::BiologyBonus]);
        assert_eq!(TableState::parse(&ada).unwrap().game().variants(), played);
        // Bo's device joins from the invitation and plays the same variants
        let links = invitations(&screen(&ada));
        let joined = open(&[], &links[0].1).expect("joined");
        let bo = TableState::parse(&text(&joined, "table")).unwrap();
        assert_eq!(bo.game().variants(), played);
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

    /// Names are what people typed: a table's list, its screen and the invited device's screen
    /// carry them as they were typed, as text for the page to show (a name reaches another
    /// device inside a link).
    #[test]
    fn names_travel_as_typed_in_every_answer_the_page_shows() {
        let odd = "<img src=x onerror=alert(1)>";
        let table = new_table(&["Ada", odd]);
        let list = ask(Value::object([
            ("op", "table-list".into()),
            ("tables", strings(&[&table])),
        ]))
        .unwrap();
        let entry = list
            .get("tables")
            .and_then(Value::as_array)
            .and_then(|t| t.first())
            .unwrap();
        assert_eq!(text(entry, "players"), format!("Ada (you), {odd}"));
        assert_eq!(text(entry, "standing"), "it's your turn");
        let shown = screen(&table);
        assert_eq!(invitations(&shown)[0].0, odd);
        // the name reaches the other seat's device inside its invitation: its screen too
        let joined = open(&[], &invitations(&shown)[0].1).unwrap();
        let theirs = screen(&text(&joined, "table"));
        assert_eq!(invitations(&theirs)[0].0, "Ada");
        assert_eq!(text(&theirs, "waiting"), "Ada");
        assert!(!theirs.to_string().contains("<h2"), "{theirs}");
    }
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
    let markup = |card: &Value| {
        card.get("ok")
            .and_then(|ok| ok.get("html"))
            .and_then(Value::as_long_str)
    };
    let html = markup(&card).unwrap();
    assert!(
        html.contains("water")
            && html.contains("<svg")
            && html.contains("Card: on the reference card"),
        "{html}"
    );
    let bad = ask("explain", "tiles", "Xx Yy".into());
    assert!(markup(&bad).is_some_and(|h| h.contains("no drawing")));
    // a chemist's game names the edition of its rules; one this build does not know is refused
    let chemist = |rules: Value| {
        parsed(&answer(
            &Value::object([
                ("op", "explain".into()),
                ("tiles", "Na Cl".into()),
                ("mode", "chemist".into()),
                ("chemist_rules", rules),
            ])
            .to_string(),
        ))
    };
    for rules in [Value::Null, 1u64.into(), 2u64.into()] {
        let card = chemist(rules);
        assert!(
            markup(&card).is_some_and(|h| h.contains("sodium chloride")),
            "{card:?}"
        );
    }
    for rules in [9u64.into(), "two".into()] {
        let refused = chemist(rules);
        assert!(refused.get("error").is_some(), "{refused:?}");
    }
}

/// `why`: the engine's sentence for each text it refuses as a game, in order, each ending in
/// U+0001, "" for a text that reads; the page puts them where its own U+0001 stands.
#[test]
fn why_says_the_engines_sentence_for_each_text() {
    let good = solitaire(3).to_json();
    let texts = ["{\"format\": 3", good.as_str(), "[1, 2"];
    let texts = texts.iter().map(|t| Value::long_string(t)).collect();
    let question = Value::object([("op", "why".into()), ("texts", Value::Array(texts))]);
    let answer = parsed(&answer(&question.to_string()));
    // text, not markup: the page escapes it (a sentence may quote the record)
    assert!(answer.get("ok").and_then(|ok| ok.get("html")).is_none());
    let said = answer.get("ok").and_then(|ok| ok.get("text"));
    let said = said.and_then(Value::as_long_str).expect("sentences");
    let said: Vec<&str> = said.split('\u{1}').collect();
    assert_eq!(said.len(), 4, "{said:?}");
    assert_eq!(said[0], why_not_a_game("{\"format\": 3"));
    assert!(said[0].contains("not JSON"), "{}", said[0]);
    assert_eq!(said[1], "");
    assert!(said[2].contains("not JSON"), "{}", said[2]);
    assert_eq!(said[3], "");
}

/// `bests`: read (leniently when they can't be, saying why), raised from every play of the
/// record, so asking twice with the same game changes nothing; the end's best line once over.
#[test]
fn bests_are_read_raised_and_written_here() {
    let ask = |bests: Option<&str>, record: Option<&GameRecord>| {
        let question = Value::object([
            ("op", "bests".into()),
            ("bests", bests.map(Value::long_string).into()),
            ("record", record.map(GameRecord::to_value).into()),
        ]);
        let answer = parsed(&answer(&question.to_string()));
        answer.get("ok").cloned().expect("an answer")
    };
    let text = |a: &Value| a.get("bests").and_then(Value::as_long_str).unwrap();
    // none yet, nothing played
    let none = ask(None, None);
    assert_eq!(
        text(&none),
        molscrab_engine::bests::Bests::default().to_json()
    );
    assert_eq!(none.get("unreadable"), Some(&Value::Null));
    // unreadable: why, and what could be read
    let bad = ask(Some("{\"theory\": {\"score\": 9}"), None);
    assert!(bad.get("unreadable").and_then(Value::as_str).is_some());
    // a game played to its end: raised once, and the same answer when asked again
    let mut record = solitaire(11);
    record.moves.push(molscrab_engine::record::Move::End);
    let first = ask(None, Some(&record));
    let end = first.get("end").expect("over");
    assert_eq!(end.get("new_best"), Some(&Value::Bool(true)));
    assert_eq!(end.get("previous_best"), Some(&Value::Null));
    let again = ask(Some(&text(&first)), Some(&record));
    assert_eq!(text(&again), text(&first));
    let end = again.get("end").expect("over");
    assert_eq!(end.get("new_best"), Some(&Value::Bool(false)));
    // the first answer's final score (the rack's leftovers taken off)
    let score = Game::replay(&record).unwrap().scores()[0];
    assert_eq!(
        end.get("previous_best"),
        Some(&Value::from(i64::from(score)))
    );
}

#[test]
fn the_worker_plays_the_chemists_referee_once_the_table_is_loaded() {
    // the table installs the chemist's lexicon too (once per process)
    assert!(load_substances(include_str!(
        "../../../public/lazy/substances.txt"
    )));
    let record = GameRecord::new_game(
        Kind::PassAndPlay,
        molscrab_engine::referee::Mode::Chemist,
        vec!["Ada".into(), "Professor".into()],
        1,
        5,
    );
    for level in ["greedy", "expert"] {
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
        assert_eq!(game.mode(), molscrab_engine::referee::Mode::Chemist);
        // every formula it made is a documented substance in a conventional order
        for formula in &game.turns()[0].formulas {
            assert!(
                molscrab_engine::referee::judge(game.mode(), game.edition(), &formula.tiles)
                    .is_ok(),
                "{level}: {:?}",
                formula.tiles
            );
        }
    }
    let hint = parsed(&answer(&request("hint", &record)));
    assert!(
        hint.get("ok").and_then(|ok| ok.get("plays")).is_some(),
        "{hint:?}"
    );
    // the page's thread gets the lexicon from here, as text it reads back
    let said = parsed(&answer(r#"{"op":"lexicon","id":1}"#));
    let text = said
        .get("ok")
        .and_then(Value::as_long_str)
        .expect("the text");
    let read = molscrab_engine::referee::chemist::Lexicon::from_text(&text).expect("reads");
    let installed = molscrab_engine::referee::chemist::installed().unwrap();
    for edition in molscrab_engine::referee::Edition::ALL {
        assert_eq!(read.len(edition), installed.len(edition));
    }
    // a table opened under the chemist's referee says so in its save
    let said = parsed(&answer(
        r#"{"op":"table-create","names":["Ada","Bo","",""],"mode":"chemist","first":1,"seed":2,"nonce":3}"#,
    ));
    let save = said
        .get("ok")
        .and_then(|ok| ok.get("table"))
        .and_then(Value::as_long_str)
        .unwrap_or_else(|| panic!("{said:?}"));
    assert!(save.contains("\"referee\":\"chemist\""), "{save}");
}

#[test]
fn hindsight_says_what_a_missed_play_would_have_kept() {
    // a beginner's Theory game: its plays often score less and keep other tiles than the
    // best (Theory's leaves differ most: a uranium is worth 34 points kept, a helium −23)
    let mut computer = molscrab_engine::computer::Computer::new();
    let told = |said: &str| {
        said.contains(" for next turn, worth about ") || said.contains(" more next turn than ")
    };
    // the first of a few games whose hindsight says so (most do)
    let (said, look) = (8..16)
        .flat_map(|seed| {
            let outcome = molscrab_engine::selfplay::play_game(
                &mut computer,
                seed,
                molscrab_engine::referee::Mode::Theory,
                &[Level::Apprentice, Level::Chemist],
                0,
            );
            looked_back(&outcome.record).1
        })
        .find(|(said, _)| told(said))
        .expect("a game whose hindsight says what a play kept");
    // said of a turn that missed points, in the same one sentence, with its Show on board
    assert!(said.contains("would have scored"), "{said}");
    assert!(
        said.find("would have scored") < said.find(" worth about "),
        "{said}"
    );
    assert!(
        said.ends_with('.') && said.matches(". ").count() == 0,
        "{said}"
    );
    assert!(look.get("play").is_some(), "{look:?}");
}

/// Ada (N H H) against Bo (C O), the bag empty, Standard Mode: her top score (10 points) keeps
/// a tile and lets Bo go out; going out for 8 wins by 2 (the engine's endgame tests).
const GOING_OUT_WINS: &str = include_str!("../../engine/tests/positions/going-out-wins.json");

#[test]
fn in_a_two_player_endgame_the_hint_is_the_endgame_s_best_play_and_says_why() {
    let record = GameRecord::parse(GOING_OUT_WINS).expect("a record");
    let game = Game::replay(&record).expect("a game");
    let top = hints::hints(&game, 1).remove(0);
    assert_eq!(top.score, 10);
    let said = parsed(&answer(&request("show-hint", &record)));
    let ok = said.get("ok").expect("an answer");
    let mv = Move::from_value(ok.get("move").expect("a move")).expect("a record move");
    let Move::Play(tiles) = &mv else {
        panic!("a play: {mv:?}")
    };
    assert_eq!(tiles.len(), 3, "it goes out");
    let mut played = game.clone();
    assert!(played.apply(&mv).is_ok());
    assert_eq!(played.winners(), Some(vec![0]));
    let text = ok.get("said").and_then(Value::as_str).expect("a sentence");
    assert!(text.starts_with("Hint: "), "{text}");
    assert!(
        text.contains(
            " for 8 points. The bag is empty, and it ends the game better than the top score ("
        ),
        "{text}"
    );
    assert!(
        text.contains(" for 10): you finish ahead by 2. Submit it,"),
        "{text}"
    );
    // the command's list stays best score first
    let listed = parsed(&answer(&request("hint", &record)));
    let first = listed
        .get("ok")
        .and_then(|o| o.get("plays"))
        .and_then(Value::as_array)
        .and_then(|plays| plays.first());
    assert_eq!(
        first.and_then(|p| p.get("score")).and_then(Value::as_u64),
        Some(10)
    );
}

#[test]
fn in_a_two_player_endgame_hindsight_weighs_a_move_by_how_the_game_ends() {
    let position = GameRecord::parse(GOING_OUT_WINS).expect("a record");
    let game = Game::replay(&position).expect("a game");
    let last_of = |mv: Move| {
        let mut record = position.clone();
        record.moves.push(mv);
        looked_back(&record).1.pop().expect("a turn")
    };
    // the top score (10 points, "the best play" by points) lets Bo go out
    let top = hints::hints(&game, 1).remove(0);
    let (line, look) = last_of(top.to_move());
    assert!(
        line.starts_with("Ada scored 10; with the bag empty, "),
        "{line}"
    );
    assert!(
        line.ends_with(
            " would have ended the game 14 points better for Ada: ahead by 2, not behind by 12."
        ),
        "{line}"
    );
    assert!(!line.contains("would have scored"), "{line}");
    // its Show on board is the play that goes out
    let mv = Move::from_value(look.get("play").expect("a Show on board")).expect("a move");
    let mut out = game.clone();
    assert!(out.apply(&mv).is_ok());
    assert_eq!(out.winners(), Some(vec![0]), "it goes out and wins");
    // going out for 8 is the best there was, though 2 points short of the top score
    let (line, look) = last_of(mv);
    assert_eq!(
        line,
        "Ada scored 8: with the bag empty, the best move there was. ✓"
    );
    assert_eq!(look, Value::Null, "nothing better to show");
}
