//! The chemist's referee (RULES §11) and the table it judges from: every card order, the
//! textbook list (data/textbook.tsv) documented with its names first and played in its order,
//! the conventions, the refusals, the lexicon against the rule it is built from, the record.

use molscrab_engine::chemistry::names::{counts_of, hill_formula, parse_sequence, Substances};
use molscrab_engine::elements::Element;
use molscrab_engine::game::Game;
use molscrab_engine::record::{GameRecord, Kind, RecordError};
use molscrab_engine::referee::chemist::{
    self, conventional_orders, orders_in, systematic_orders, Convention, Lexicon,
};
use molscrab_engine::referee::{judge, parse_spaced, Edition, Mode, Rule, CARD};

const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");
const TEXTBOOK: &str = include_str!("../../../data/textbook.tsv");

fn table() -> &'static Substances {
    static TABLE: std::sync::OnceLock<Substances> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| Substances::parse(TABLE_TEXT).expect("the committed table reads"))
}

fn lexicon() -> &'static Lexicon {
    chemist::install(table())
}

fn tiles(text: &str) -> Vec<Element> {
    parse_spaced(text).expect("symbols")
}

fn verdict(text: &str) -> Result<bool, (Rule, String)> {
    lexicon();
    judge(Mode::Chemist, Edition::CURRENT, &tiles(text))
        .map(|a| a.known)
        .map_err(|r| (r.rule, r.to_string()))
}

/// "Ca(OH)2" → Ca·O·H·O·H, as scripts/substances.py reads the list.
fn expand(written: &str) -> Vec<Element> {
    fn group(text: &[u8], mut i: usize, out: &mut Vec<Element>) -> usize {
        while i < text.len() && text[i] != b')' {
            let mut inner = Vec::new();
            if text[i] == b'(' {
                i = group(text, i + 1, &mut inner) + 1;
            } else {
                let len = if i + 1 < text.len() && text[i + 1].is_ascii_lowercase() {
                    2
                } else {
                    1
                };
                let symbol = std::str::from_utf8(&text[i..i + len]).expect("ascii");
                inner.push(Element::from_symbol(symbol).expect("an element of the game"));
                i += len;
            }
            let start = i;
            while i < text.len() && text[i].is_ascii_digit() {
                i += 1;
            }
            let times: usize = std::str::from_utf8(&text[start..i])
                .expect("ascii")
                .parse()
                .unwrap_or(1);
            for _ in 0..times {
                out.extend(&inner);
            }
        }
        i
    }
    let mut out = Vec::new();
    let end = group(written.as_bytes(), 0, &mut out);
    assert_eq!(end, written.len(), "{written}");
    out
}

/// (tiles in the textbook's order, names) for every line of data/textbook.tsv.
fn textbook() -> Vec<(Vec<Element>, Vec<String>)> {
    TEXTBOOK
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut columns = l.split('\t');
            let written = columns.next().expect("a formula");
            let names = columns.next().expect("a tab, then names");
            (
                expand(written),
                names.split(';').map(|n| n.trim().to_string()).collect(),
            )
        })
        .collect()
}

#[test]
fn every_card_order_is_accepted_and_known() {
    lexicon();
    for (i, card) in CARD.iter().enumerate() {
        let accepted = judge(Mode::Chemist, Edition::CURRENT, card.tiles)
            .unwrap_or_else(|e| panic!("{}: {e}", card.name));
        assert!(accepted.known, "{}", card.name);
        assert_eq!(accepted.card, Some(i));
    }
}

#[test]
fn every_card_order_follows_the_conventions_of_the_other_substances() {
    // the card is no exception: each of its 42 orders is what the element sequence, the acid,
    // hydroxide or ammonium convention gives its atoms anyway
    for card in CARD.iter() {
        let orders = systematic_orders(&counts_of(card.tiles), &[]);
        let how = orders
            .iter()
            .find(|(_, o)| o == card.tiles)
            .map(|(c, _)| *c)
            .unwrap_or_else(|| panic!("{}: {orders:?}", card.name));
        assert_ne!(how, Convention::Textbook, "{}", card.name);
    }
    let how = |text: &str| {
        let t = tiles(text);
        systematic_orders(&counts_of(&t), &[])
            .into_iter()
            .find(|(_, o)| *o == t)
            .map(|(c, _)| c)
    };
    assert_eq!(how("H N O O O"), Some(Convention::Acid));
    assert_eq!(how("Na O H"), Some(Convention::Hydroxide));
    assert_eq!(how("Na Cl"), Some(Convention::Sequence));
    assert_eq!(how("C H H H H"), Some(Convention::Sequence));
}

#[test]
fn a_card_substance_in_another_order_is_refused_with_the_card_order() {
    let (rule, why) = verdict("Cl Na").unwrap_err();
    assert_eq!(rule, Rule::Order);
    assert!(
        why.starts_with("Cl·Na is sodium chloride in the wrong order: play Na·Cl"),
        "{why}"
    );
    let (rule, why) = verdict("O H Na").unwrap_err();
    assert_eq!(rule, Rule::Order);
    assert!(why.contains("play Na·O·H"), "{why}");
    // the card's order only, though another convention would give these atoms another one
    assert_eq!(verdict("C H H H H"), Ok(true));
    assert_eq!(verdict("H H H H C").unwrap_err().0, Rule::Order);
}

#[test]
fn refusals_say_why() {
    assert_eq!(verdict("H He").unwrap_err().0, Rule::NotDocumented);
    assert_eq!(
        verdict("H He").unwrap_err().1,
        "H·He is not a documented substance. Helium is a noble gas: it forms no compounds"
    );
    // a teacher's reason, and a play the referee takes
    assert_eq!(
        verdict("Na Cl Cl").unwrap_err().1,
        "Na·Cl·Cl is not a documented substance. Na forms Na⁺ and Cl forms Cl⁻: try Na·Cl"
    );
    assert_eq!(verdict("C C C C C C H").unwrap_err().0, Rule::NotDocumented);
    assert_eq!(verdict("H").unwrap_err().0, Rule::SingleTile);
    // species seen only in a gas-phase spectrum, and alloys, are named but are no substances
    for gas in ["Na Na", "P P", "C H H H", "S S"] {
        let (rule, why) = verdict(gas).unwrap_err();
        assert_eq!(rule, Rule::NotDocumented, "{gas}");
        assert!(why.contains("only in the gas phase"), "{gas}: {why}");
    }
    let (rule, why) = verdict("Ag Cu").unwrap_err();
    assert_eq!(rule, Rule::NotDocumented);
    assert!(why.contains("alloy"), "{why}");
}

/// [`verdict`] under one edition of the chemist's rules.
fn verdict_in(edition: Edition, text: &str) -> Result<(), Rule> {
    lexicon();
    judge(Mode::Chemist, edition, &tiles(text))
        .map(|_| ())
        .map_err(|r| r.rule)
}

#[test]
fn the_conventions_accept_what_a_chemist_writes() {
    // edition 1 took the conventions element by element; edition 2 reads salts ion by ion
    // and molecules by their structure
    for (text, one, two) in [
        ("Na H C O O O", true, true),      // NaHCO₃, as the textbook writes it
        ("Na C H O O O", true, false),     // by the element sequence: lumped
        ("C H Na O O O", true, false),     // Hill order, for a salt
        ("Mg O H O H", true, true),        // a hydroxide
        ("H H H P O O O O", true, true),   // an oxoacid
        ("H Cl O O O O", true, true),      // perchloric acid
        ("N H H H H N O O O", true, true), // ammonium nitrate
        ("N H H H H N H H H H S O O O O", true, true), // ammonium sulfate
        ("Fe Fe Fe O O O O", true, true),  // magnetite
        ("C C H H H H H H", true, true),   // ethane
        ("C H H H C H H H", false, true),  // and as CH₃CH₃
        ("C C H H", true, true),           // acetylene
        ("H C C H", false, true),          // and as HCCH
        ("C H H H C O O H", true, true),   // acetic acid as CH₃COOH
        ("C C H H H H O O", true, true),   // and in Hill order
        ("K Mn O O O O", true, true),      // potassium permanganate
        ("Si Cl Cl Cl Cl", true, true),
        ("Hg Cl Cl", true, true),
        ("Zn N N O O O O O O", true, false), // Zn(NO₃)₂ lumped
        ("Zn N O O O N O O O", false, true), // and ion by ion
    ] {
        let verdicts = (
            verdict_in(Edition::Atoms, text).is_ok(),
            verdict_in(Edition::Structures, text).is_ok(),
        );
        assert_eq!(verdicts, (one, two), "{text}");
    }
    for text in [
        "O O Mg H H",
        "Mg H H O O",
        "N O O O H",
        "Cl Cl Hg",
        "O O O O Fe Fe Fe",
    ] {
        for edition in Edition::ALL {
            assert_eq!(verdict_in(edition, text), Err(Rule::Order), "{text}");
        }
    }
}

#[test]
fn the_textbook_list_is_documented_with_its_names_first() {
    let list = textbook();
    assert!(list.len() >= 150, "{} substances", list.len());
    let mut first_of_formula = std::collections::HashSet::new();
    let mut new_since_one = 0;
    for (order, names) in &list {
        let counts = counts_of(order);
        let entry = table()
            .entry(&counts)
            .unwrap_or_else(|| panic!("{} is not in the table", names[0]));
        assert!(entry.only.is_none(), "{}", names[0]);
        if first_of_formula.insert(counts) {
            // the formula's first textbook substance is the table's first, by its first name
            assert_eq!(
                entry.substances[0][0],
                names[0],
                "{}",
                hill_formula(&counts)
            );
            assert_eq!(&entry.substances[0][..names.len()], &names[..]);
        } else {
            // an isomer (dimethyl ether beside ethanol): a substance of its own
            assert!(
                entry.substances.iter().any(|s| s[0] == names[0]),
                "{}",
                names[0]
            );
        }
        assert!(entry.written.contains(order), "{}", names[0]);
        // and the chemist's referee takes it as the textbook writes it: edition 1 (the
        // installed lexicon) when the formula and the order are edition 1's; a formula or
        // order new since (since=2) is edition 2's only
        let edition_two = entry.in_edition(2) && entry.written_in(2).any(|o| o == order);
        assert!(edition_two, "{}", names[0]);
        if entry.written_in(1).any(|o| o == order) {
            lexicon();
            let verdict = judge(Mode::Chemist, Edition::Atoms, order);
            assert!(verdict.is_ok(), "{}: {}", names[0], verdict.unwrap_err());
        } else {
            new_since_one += 1;
        }
    }
    // the staples added since edition 1 (Zn(NO₃)₂, KSCN, HOCl, …) are among them
    assert!(new_since_one >= 50, "{new_since_one}");
}

#[test]
fn names_a_chemist_would_question_are_fixed() {
    let first = |text: &str| {
        table()
            .lookup(&counts_of(&tiles(text)))
            .first()
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(first("Mg O O"), "magnesium peroxide");
    assert_eq!(first("Cr Cr O O O"), "chromium(III) oxide");
    assert_eq!(first("Mg O H O H"), "magnesium hydroxide");
    assert_eq!(first("Hg Cl Cl"), "mercury(II) chloride");
    assert_eq!(first("P N"), "phosphorus mononitride");
    assert_eq!(first("Na Na"), "disodium");
    // one substance's synonyms are not other substances
    let salt = table().entry(&counts_of(&tiles("Na Cl"))).expect("salt");
    assert_eq!(salt.substances.len(), 1);
    assert_eq!(salt.substances[0][..2], ["sodium chloride", "table salt"]);
    let c2h6o = table()
        .entry(&counts_of(&tiles("C C H H H H H H O")))
        .expect("C₂H₆O");
    assert_eq!(c2h6o.preferred[..2], ["ethanol", "dimethyl ether"]);
    // the example user database's alkanes are in
    for (text, name) in [
        ("C C H H H H H H", "ethane"),
        ("C C C H H H H H H H H", "propane"),
        ("C C H H", "ethyne"),
    ] {
        assert_eq!(first(text), name);
    }
}

#[test]
fn each_edition_of_the_lexicon_accepts_exactly_its_orders() {
    let lexicon = lexicon();
    for edition in Edition::ALL {
        let mut sequences = 0;
        for (counts, entry) in table().iter() {
            let atoms: usize = counts.iter().map(|&n| usize::from(n)).sum();
            if atoms < 2 || !entry.in_edition(edition.number()) {
                continue;
            }
            let orders = orders_in(edition, counts, entry);
            if entry.only.is_some()
                && molscrab_engine::referee::card_index_of_counts(counts).is_none()
            {
                for (_, order) in &orders {
                    assert!(!lexicon.accepts(order, edition), "{}", hill_formula(counts));
                }
                continue;
            }
            sequences += orders.len();
            for (_, order) in &orders {
                assert!(lexicon.accepts(order, edition), "{}", hill_formula(counts));
            }
            // the reversed order, when it is no convention, is refused and offered the first
            let mut reversed = orders[0].1.clone();
            reversed.reverse();
            if !orders.iter().any(|(_, o)| *o == reversed) {
                assert!(
                    !lexicon.accepts(&reversed, edition),
                    "{}",
                    hill_formula(counts)
                );
                let refusal = judge(Mode::Chemist, edition, &reversed).unwrap_err();
                assert_eq!(refusal.rule, Rule::Order);
            }
        }
        assert!(
            sequences >= lexicon.len(edition) - 42,
            "{sequences} {}",
            lexicon.len(edition)
        );
        assert!(
            lexicon.substances(edition) > 4_000,
            "{}",
            lexicon.substances(edition)
        );
    }
    // the first edition's orders are the conventions' (RULES §11 as first written)
    for (counts, entry) in table().iter() {
        assert_eq!(
            orders_in(Edition::Atoms, counts, entry),
            conventional_orders(counts, &entry.written_in(1).cloned().collect::<Vec<_>>())
        );
    }
}

#[test]
fn the_written_order_is_read_from_the_table() {
    assert_eq!(
        parse_sequence("CH3CO2H").expect("a formula"),
        tiles("C H H H C O O H")
    );
    let text = "# molscrab-substances/2: test\nCHNaO3\tsodium bicarbonate;baking soda\tas=NaHCO3\n";
    let small = Substances::parse(text).expect("reads");
    let entry = small
        .entry(&counts_of(&tiles("Na H C O O O")))
        .expect("an entry");
    assert_eq!(entry.written, [tiles("Na H C O O O")]);
    assert_eq!(entry.substances, [["sodium bicarbonate", "baking soda"]]);
    for bad in ["as=NaHCO2", "as=Xx", "gas", "as="] {
        let text = format!("# molscrab-substances/2: test\nCHNaO3\tsodium bicarbonate\t{bad}\n");
        assert!(Substances::parse(&text).is_err(), "{bad}");
    }
}

#[test]
fn a_chemists_game_says_so_in_its_record() {
    lexicon();
    let record = GameRecord::new_game(Kind::Solitaire, Mode::Chemist, vec!["You".into()], 0, 7);
    let json = record.to_json();
    assert!(
        json.contains(r#""theory":false,"referee":"chemist""#),
        "{json}"
    );
    let again = GameRecord::parse(&json).expect("reads back");
    assert_eq!(again.mode(), Mode::Chemist);
    assert_eq!(again, record);
    let game = Game::start(again).expect("starts");
    assert_eq!(game.mode(), Mode::Chemist);
    // records without the key read as before
    let plain = json.replace(r#","referee":"chemist""#, "");
    assert_eq!(
        GameRecord::parse(&plain).expect("reads").mode(),
        Mode::Standard
    );
    let theory = plain.replace(r#""theory":false"#, r#""theory":true"#);
    assert_eq!(
        GameRecord::parse(&theory).expect("reads").mode(),
        Mode::Theory
    );
    // a referee this build does not know is refused, and says which
    let unknown = json.replace(r#""referee":"chemist""#, r#""referee":"quantum""#);
    let error = GameRecord::parse(&unknown).unwrap_err();
    assert_eq!(error, RecordError::UnknownReferee("quantum".into()));
    assert!(error.to_string().contains("\"quantum\""), "{error}");
    let wrong = json.replace(r#""referee":"chemist""#, r#""referee":3"#);
    assert!(GameRecord::parse(&wrong).is_err());
}

#[test]
fn the_lexicon_stays_small_and_quick_to_build() {
    let started = std::time::Instant::now();
    let built = Lexicon::build(Some(table()));
    let took = started.elapsed();
    for edition in Edition::ALL {
        eprintln!(
            "lexicon {edition:?}: {} sequences of {} substances, {} trie nodes, built in {took:?}",
            built.len(edition),
            built.substances(edition),
            built.trie(edition).nodes()
        );
        // about 16 bytes a node: edition 2's condensed writings (~82,000 sequences) take
        // ~4.5 MB of the worker's memory; the bound keeps it from growing unnoticed
        let nodes = built.trie(edition).nodes();
        assert!(nodes < 320_000, "{nodes}");
        assert!(built.len(edition) >= built.substances(edition));
    }
}

#[test]
fn a_table_link_carries_the_chemists_referee() {
    use molscrab_engine::table_link::{open_link, Opened, TableState};
    lexicon();
    let start = GameRecord::new_game(
        Kind::PassAndPlay,
        Mode::Chemist,
        vec!["Ada".into(), "Bo".into()],
        0,
        11,
    );
    let host = TableState::create(start, 0, 5).expect("a table");
    let invitation = host.invitation(1).expect("an invitation");
    match open_link(&[], &invitation).expect("opens") {
        Opened::Joined(table) => {
            assert_eq!(table.game().mode(), Mode::Chemist);
            assert!(table.record().to_json().contains(r#""referee":"chemist""#));
        }
        other => panic!("{other:?}"),
    }
}

/// The lexicon's text (what the worker hands the page, which has no table): it reads back to
/// a lexicon that accepts, refuses and offers exactly as the one built from the table.
#[test]
fn the_lexicon_read_from_its_text_judges_as_the_one_built_from_the_table() {
    let built = lexicon();
    let text = built.to_text();
    let read = Lexicon::from_text(&text).expect("its own text reads");
    assert_eq!(read.to_text(), text, "written back the same");
    for edition in Edition::ALL {
        assert_eq!(read.len(edition), built.len(edition));
        assert_eq!(read.trie(edition).nodes(), built.trie(edition).nodes());
        assert_eq!(read.substances(edition), built.substances(edition));
        for (counts, entry) in table().iter() {
            let atoms: Vec<Element> = Element::ALL
                .iter()
                .flat_map(|&e| std::iter::repeat_n(e, usize::from(counts[e.index()])))
                .collect();
            let (a, b) = (built.known(&atoms, edition), read.known(&atoms, edition));
            assert_eq!(
                a.map(|k| (&k.name, &k.play, k.only)),
                b.map(|k| (&k.name, &k.play, k.only)),
                "{atoms:?}"
            );
            let orders = conventional_orders(counts, &[])
                .into_iter()
                .chain(orders_in(edition, counts, entry));
            for (_, order) in orders {
                let (a, b) = (
                    built.accepts(&order, edition),
                    read.accepts(&order, edition),
                );
                assert_eq!(a, b, "{order:?}");
            }
        }
        for card in CARD.iter() {
            assert!(read.accepts(card.tiles, edition));
        }
    }
}

#[test]
fn text_that_is_no_lexicon_is_refused_without_a_panic() {
    let good = lexicon().to_text();
    // the tries, and half of the multisets' lines: whole lines read
    let lines: Vec<&str> = good.lines().collect();
    let half = lines[..lines.len() / 2].join("\n");
    assert!(Lexicon::from_text(&half).is_ok(), "whole lines read");
    // without an edition's trie, or with one cut short, it is no lexicon
    let no_trie: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("2="))
        .collect();
    assert!(Lexicon::from_text(&no_trie.join("\n")).is_err());
    let cut: Vec<String> = lines
        .iter()
        .map(|l| match l.strip_prefix("2=") {
            Some(trie) => format!("2={}", &trie[..trie.len() / 2]),
            None => l.to_string(),
        })
        .collect();
    assert!(Lexicon::from_text(&cut.join("\n")).is_err());
    // a refusal's order the trie does not accept
    assert!(Lexicon::from_text("molscrab-lexicon/3\n1=.\n2=.\n0 NaCl\tsalt").is_err());
    assert!(Lexicon::from_text("molscrab-lexicon/3\n1=.\n2=.\ng NaNa\tdisodium").is_ok());
    for bad in [
        "",
        "molscrab-lexicon/3\n",
        // the format before the rules had editions
        "molscrab-lexicon/1\n0 NaCl\tsalt",
        "molscrab-lexicon/2\n0 NaCl",
        "molscrab-lexicon/2\n9 NaCl\tsalt",
        "molscrab-lexicon/2\n0 Xx\tunobtainium",
        "molscrab-lexicon/2\n0 NaCl ClNaNa\tsalt",
        "molscrab-lexicon/2\n0 \tnothing",
        "molscrab-lexicon/2\n0 nacl\tsalt",
        // an edition this build does not know, or none
        "molscrab-lexicon/2\n3:0 NaCl\tsalt",
        "molscrab-lexicon/2\n0:0 NaCl\tsalt",
        "molscrab-lexicon/2\n:0 NaCl\tsalt",
        "molscrab-lexicon/2\n99999999999999999999999:0 NaCl\tsalt",
    ] {
        assert!(Lexicon::from_text(bad).is_err(), "{bad:?}");
    }
    let long = format!("molscrab-lexicon/2\n0 {}\tlong", "H".repeat(10_000));
    assert!(Lexicon::from_text(&long).is_err());
}
