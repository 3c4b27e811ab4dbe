//! What the screen reader's live region says: each move's result, each refusal with its
//! reason, the other players' moves and whose turn it is, with formulas read as words.
//!
//! The words are plain Rust, tested natively. News is found by comparing the session with what
//! was heard last, so a tap that changes nothing worth saying says nothing. The region itself
//! is built once with the app and never re-created: a screen reader follows the element it
//! found at load.

use super::text::seat_name;
use super::Store;
use crate::session::{Notice, Screen, Session};
use leptos::prelude::*;
use molscrab_engine::display;
use molscrab_engine::record::Kind;
use molscrab_engine::turn::TurnKind;

/// What the live region last heard about: which game, how many turns, which screen, which
/// notice and whether the rack was said to be stuck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    game: (u64, usize),
    turns: usize,
    screen: Screen,
    notice: Option<Notice>,
    stuck: bool,
    looking_back: Option<usize>,
}

impl Heard {
    fn of(s: &Session) -> Heard {
        Heard {
            game: (s.game().seed(), s.game().players().len()),
            turns: s.game().turns().len(),
            screen: s.screen(),
            notice: s.notice().cloned(),
            stuck: s.stuck().is_some(),
            looking_back: s.looking_back().map(|(g, _)| g.moves().len()),
        }
    }
}

/// "two", "three" … for a subscript; larger numbers (rare in a 15-tile line) as digits.
fn number(n: u32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// Text as it should be read aloud: subscripts become words between spaces ("H₂O" is read
/// "H two O", "C₁₂" "C twelve"), and element symbols written together are said apart ("NaCl"
/// is read "Na Cl", not as one word).
pub fn spoken(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run: Option<u32> = None;
    for c in text.chars() {
        match ('₀'..='₉').contains(&c) {
            true => run = Some(run.unwrap_or(0) * 10 + (c as u32 - '₀' as u32)),
            false => {
                if let Some(n) = run.take() {
                    out.push(' ');
                    out.push_str(&number(n));
                    if !matches!(c, ' ' | ',' | ';' | '.' | ':' | ')') {
                        out.push(' ');
                    }
                } else if c.is_ascii_uppercase() && out.ends_with(|p: char| p.is_ascii_alphabetic())
                {
                    out.push(' ');
                }
                out.push(c);
            }
        }
    }
    if let Some(n) = run {
        out.push(' ');
        out.push_str(&number(n));
    }
    out
}

/// What the turn number `i` did, as said to the player.
fn said_turn(s: &Session, i: usize) -> String {
    let g = s.game();
    let Some(t) = g.turns().get(i) else {
        return String::new();
    };
    if g.kind() == Kind::Solitaire && t.kind == TurnKind::Play {
        let formulas: Vec<String> = t
            .formulas
            .iter()
            .map(|f| display::label(&f.tiles, f.charge))
            .collect();
        let bonus = match t.bonus {
            0 => String::new(),
            b => format!(", bonus {b} included"),
        };
        return spoken(&format!(
            "Scored {}: {}{bonus}.",
            t.score,
            formulas.join("; ")
        ));
    }
    spoken(&s.summary(t, t.seat))
}

/// The news since `heard` (updated to now), or `None` when there is nothing new to say. The
/// first look at a game (a start, a resume) says nothing: the screen itself is new.
pub fn news(heard: &mut Option<Heard>, s: Option<&Session>) -> Option<String> {
    let Some(s) = s else {
        *heard = None;
        return None;
    };
    let now = Heard::of(s);
    let before = heard.replace(now.clone()).filter(|h| h.game == now.game)?;
    let mut parts: Vec<String> = Vec::new();
    if now.turns > before.turns {
        parts.extend((before.turns..now.turns).map(|i| said_turn(s, i)));
    } else if now.notice != before.notice {
        match &now.notice {
            // a link's refusal says so itself (session::LINK_REFUSED): no move was refused
            Some(Notice::Refused(lines))
                if lines
                    .first()
                    .is_some_and(|l| l == crate::session::LINK_REFUSED) =>
            {
                parts.push(lines.join(" "))
            }
            Some(Notice::Refused(lines)) => {
                parts.push(format!("Not played. {}", spoken(&lines.join(" "))))
            }
            // a hint placed, "no play can be made", news from another tab
            Some(Notice::Info(text)) => parts.push(spoken(text)),
            None => {}
        }
    }
    if now.looking_back != before.looking_back {
        parts.push(match now.looking_back {
            Some(moves) => format!(
                "The board before turn {}, with the best play there was.",
                moves + 1
            ),
            None => "The final board.".to_string(),
        });
    }
    let g = s.game();
    if now.screen != before.screen || now.turns != before.turns {
        let next = seat_name(g, g.to_move());
        match now.screen {
            Screen::Results => {
                let how = g.ending_text().unwrap_or_default();
                let line = match g.kind() {
                    Kind::Solitaire => format!(
                        "Game over. {how} Final score {}.",
                        g.scores().first().copied().unwrap_or(0)
                    ),
                    Kind::PassAndPlay => format!("Game over. {how}"),
                };
                parts.push(line.trim_end().to_string());
            }
            Screen::Handoff => parts.push(format!("Pass the device to {next}.")),
            Screen::Computer => parts.push(format!("{next} is thinking.")),
            // at a table, the other seats move on their own devices
            Screen::Waiting => parts.push(format!("Waiting for {next}.")),
            Screen::Turn
                if g.kind() == Kind::PassAndPlay
                    && Session::people(g) > 1
                    && s.table().is_none() =>
            {
                parts.push(format!("{next}'s turn."))
            }
            Screen::Turn if g.kind() == Kind::PassAndPlay => parts.push("Your turn.".into()),
            Screen::Turn => {}
        }
    }
    if now.stuck && !before.stuck {
        // the worker's answer comes a moment after the move it follows: say the move again, so
        // the new words don't cut off the old before they were read
        if parts.is_empty() && now.turns == before.turns && now.turns > 0 {
            parts.push(said_turn(s, now.turns - 1));
        }
        parts.extend(s.stuck().map(str::to_string));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The one live region: polite, atomic, visually hidden; its text is the latest news.
#[component]
pub fn LiveRegion() -> impl IntoView {
    let store = expect_context::<Store>();
    let region = NodeRef::<leptos::html::P>::new();
    // the news heard last, and the words said last: written straight into the region
    let mut heard: Option<Heard> = None;
    let mut said = String::new();
    std::mem::forget(RenderEffect::new(move |_| {
        let Some(region) = region.get() else {
            return;
        };
        store.track_rack_stuck();
        if let Some(mut news) = store.with_session(|s| news(&mut heard, s)) {
            // the same words again (a second identical refusal) must still be read
            if said == news {
                news.push('\u{a0}');
            }
            region.set_text_content(Some(&news));
            said = news;
        }
    }));
    view! { <p class="vh" role="status" aria-live="polite" aria-atomic="true" node_ref=region></p> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use molscrab_engine::elements::Tile;

    fn open(kind: Kind, symbols: &str) -> Session {
        crate::session::testing::dealt(kind, true, symbols)
    }

    fn place(s: &mut Session, symbol: &str, row: usize, col: usize) {
        let tile = Tile::from_symbol(symbol).unwrap();
        let slot = s
            .rack_slots()
            .into_iter()
            .find(|(_, t)| *t == tile)
            .unwrap()
            .0;
        s.tap_rack(slot);
        s.tap_square(row, col);
    }

    /// H·H·O across the star, submitted.
    fn play_water(s: &mut Session) {
        place(s, "H", 7, 6);
        place(s, "H", 7, 7);
        place(s, "O", 7, 8);
        s.submit().expect("water");
    }

    #[test]
    fn formulas_are_read_with_their_subscripts_as_words() {
        assert_eq!(spoken("H₂O — water"), "H two O — water");
        assert_eq!(spoken("C₁₂H₂₂O₁₁"), "C twelve H 22 O eleven");
        assert_eq!(spoken("C₁₅"), "C 15");
        assert_eq!(spoken("CO₂, for 6."), "C O two, for 6.");
        assert_eq!(spoken("NaCl"), "Na Cl");
        assert_eq!(spoken("CNaLiH₂ClK"), "C Na Li H two Cl K");
        assert_eq!(
            spoken("CH₂: carbon needs 4 bonds"),
            "C H two: carbon needs 4 bonds"
        );
    }

    #[test]
    fn a_scored_play_is_said_with_its_score_and_formulas() {
        let mut s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        assert_eq!(
            news(&mut heard, Some(&s)),
            None,
            "opening a game says nothing"
        );
        place(&mut s, "H", 7, 6);
        place(&mut s, "H", 7, 7);
        assert_eq!(
            news(&mut heard, Some(&s)),
            None,
            "placing tiles says nothing"
        );
        place(&mut s, "O", 7, 8);
        s.submit().expect("water");
        assert_eq!(
            news(&mut heard, Some(&s)).as_deref(),
            Some("Scored 6: H two O — water.")
        );
        assert_eq!(news(&mut heard, Some(&s)), None, "said once");
    }

    #[test]
    fn a_refusal_is_said_with_its_reason() {
        let mut s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        news(&mut heard, Some(&s));
        s.submit();
        let said = news(&mut heard, Some(&s)).expect("a refusal is news");
        assert!(said.starts_with("Not played. Place some tiles"), "{said}");
        // the same refusal again is not new; a tap that clears it says nothing
        assert_eq!(news(&mut heard, Some(&s)), None);
        s.tap_rack(0);
        assert_eq!(news(&mut heard, Some(&s)), None);
    }

    #[test]
    fn a_links_refusal_is_not_said_as_a_refused_move() {
        let mut s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        news(&mut heard, Some(&s));
        let why = "This link has been changed or damaged: its check does not match.";
        s.tell(Notice::Refused(vec![
            crate::session::LINK_REFUSED.into(),
            why.into(),
        ]));
        let said = news(&mut heard, Some(&s)).expect("a refusal is news");
        assert_eq!(said, format!("{} {why}", crate::session::LINK_REFUSED));
    }

    #[test]
    fn pass_and_play_says_each_move_and_whose_turn_it_is() {
        let mut s = open(Kind::PassAndPlay, "H H O C C Na Cl O O O H H N N K K");
        let mut heard = None;
        news(&mut heard, Some(&s));
        s.reveal();
        assert_eq!(news(&mut heard, Some(&s)).as_deref(), Some("Ada's turn."));
        play_water(&mut s);
        assert_eq!(
            news(&mut heard, Some(&s)).as_deref(),
            Some("Ada played H two O — water, for 6. Pass the device to Bo.")
        );
        s.reveal();
        assert_eq!(news(&mut heard, Some(&s)).as_deref(), Some("Bo's turn."));
    }

    #[test]
    fn the_end_of_a_solitaire_game_is_said_with_the_final_score() {
        let mut s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        news(&mut heard, Some(&s));
        s.ask_end();
        s.confirm_end().expect("ended");
        let said = news(&mut heard, Some(&s)).expect("the end is news");
        assert!(said.starts_with("You ended the game. Game over."), "{said}");
        assert!(
            said.ends_with(&format!("Final score {}.", s.game().scores()[0])),
            "{said}"
        );
    }

    #[test]
    fn a_hint_placed_on_the_board_is_said() {
        let mut s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        news(&mut heard, Some(&s));
        let play = [(7, 6, "H"), (7, 7, "H"), (7, 8, "O")].map(|(row, col, el)| {
            molscrab_engine::board::Placement {
                row,
                col,
                el: molscrab_engine::elements::Element::from_symbol(el).unwrap(),
                wild: false,
            }
        });
        assert!(s.show_hint(0, &play, "Hint: H₂O for 6."));
        assert_eq!(
            news(&mut heard, Some(&s)).as_deref(),
            Some("Hint: H two O for 6.")
        );
    }

    #[test]
    fn a_stuck_rack_learnt_after_a_move_is_said_with_that_move() {
        let mut s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        news(&mut heard, Some(&s));
        play_water(&mut s);
        assert_eq!(
            news(&mut heard, Some(&s)).as_deref(),
            Some("Scored 6: H two O — water.")
        );
        // the worker's answer comes later: the move is said again before it, not cut off
        s.learn_can_play(1, false);
        let said = news(&mut heard, Some(&s)).expect("stuck is news");
        assert!(said.starts_with("Scored 6: H two O — water. "), "{said}");
        assert!(said.ends_with(s.stuck().unwrap()), "{said}");
    }

    #[test]
    fn another_game_says_nothing_until_something_happens_in_it() {
        let s = open(Kind::Solitaire, "H H O C C Na Cl O O O H H");
        let mut heard = None;
        news(&mut heard, Some(&s));
        let other = open(Kind::PassAndPlay, "H H O C C Na Cl O O O H H N N K K");
        assert_eq!(news(&mut heard, Some(&other)), None);
        assert_eq!(news(&mut heard, None), None);
        assert!(heard.is_none());
    }
}
