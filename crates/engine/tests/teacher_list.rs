//! A chemistry teacher's list of formula writings (data/teacher-list.tsv) and the chemist's
//! referee measured against it: how many of the writings a teacher accepts it accepts, how many
//! of those a teacher marks wrong it refuses, and whether it gives each writing the name the
//! teacher expects first.
//!
//! The summary, every miss with its line:
//! `cargo test -p molscrab-engine --test teacher_list -- --ignored --nocapture`

use std::collections::BTreeMap;

use molscrab_engine::chemistry::names::{names, NameKind, Substances};
use molscrab_engine::elements::Element;
use molscrab_engine::referee::{chemist, judge, Mode};

const LIST: &str = include_str!("data/teacher-list.tsv");
const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");

/// The most atoms a formula may have.
const MAX_ATOMS: usize = 15;

const ACCEPT_KINDS: [&str; 5] = ["card", "covalent", "ionic", "condensed", "molecular"];
const REFUSE_KINDS: [&str; 5] = ["lumped", "order", "impossible", "misplaced", "noble"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Accept,
    Refuse,
}

/// One line of the list.
#[derive(Debug)]
struct Writing {
    /// 1-based, as an editor shows it.
    line: usize,
    verdict: Verdict,
    written: String,
    kind: String,
    /// The name a teacher expects first, then the other names that are the same answer; empty
    /// when the list expects none.
    names: Vec<String>,
    tiles: Vec<Element>,
}

/// A writing's tiles: a count repeats the element or the bracketed group just before it
/// (`Ca(OH)2` → Ca·O·H·O·H, `CH3CH(OH)CH3` → C·H·H·H·C·H·O·H·C·H·H·H).
fn expand(written: &str) -> Result<Vec<Element>, String> {
    let chars: Vec<char> = written.chars().collect();
    let mut at = 0;
    let tiles = group(&chars, &mut at, 0)?;
    if at < chars.len() {
        return Err(format!("an unmatched ')' at character {}", at + 1));
    }
    Ok(tiles)
}

/// The tiles from `at` to the end or to the `)` closing this group (left at `at`).
fn group(chars: &[char], at: &mut usize, depth: usize) -> Result<Vec<Element>, String> {
    if depth > 4 {
        return Err("brackets nested too deep".into());
    }
    let mut out = Vec::new();
    while let Some(&c) = chars.get(*at) {
        let unit = match c {
            ')' => break,
            '(' => {
                *at += 1;
                let inner = group(chars, at, depth + 1)?;
                if chars.get(*at) != Some(&')') {
                    return Err("a '(' never closed".into());
                }
                *at += 1;
                if inner.is_empty() {
                    return Err("an empty bracket".into());
                }
                inner
            }
            c if c.is_ascii_uppercase() => {
                let mut symbol = c.to_string();
                *at += 1;
                if let Some(&lower) = chars.get(*at).filter(|l| l.is_ascii_lowercase()) {
                    symbol.push(lower);
                    *at += 1;
                }
                let element = Element::from_symbol(&symbol)
                    .ok_or_else(|| format!("{symbol} is not one of the game's 33 elements"))?;
                vec![element]
            }
            c => return Err(format!("unexpected {c:?} at character {}", *at + 1)),
        };
        let start = *at;
        while chars.get(*at).is_some_and(char::is_ascii_digit) {
            *at += 1;
        }
        let digits: String = chars[start..*at].iter().collect();
        let times = if digits.is_empty() {
            1
        } else {
            match digits.parse::<usize>() {
                Ok(n) if (2..=MAX_ATOMS).contains(&n) => n,
                _ => return Err(format!("a count of {digits}")),
            }
        };
        for _ in 0..times {
            out.extend(&unit);
        }
        if out.len() > MAX_ATOMS {
            return Err(format!("more than {MAX_ATOMS} atoms"));
        }
    }
    Ok(out)
}

/// Every writing of the list, or every problem found in it, each with its line number.
fn read_list(text: &str) -> Result<Vec<Writing>, Vec<String>> {
    let mut writings = Vec::new();
    let mut problems = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = raw.split('\t').collect();
        if fields.len() < 3 || fields.len() > 5 {
            problems.push(format!(
                "line {line}: {} fields, not 3 to 5: {raw:?}",
                fields.len()
            ));
            continue;
        }
        let field = |i: usize| fields.get(i).map(|f| f.trim()).filter(|f| !f.is_empty());
        let verdict = match fields[0] {
            "accept" => Verdict::Accept,
            "refuse" => Verdict::Refuse,
            other => {
                problems.push(format!(
                    "line {line}: verdict {other:?}, not accept or refuse"
                ));
                continue;
            }
        };
        let written = fields[1].trim().to_string();
        let kind = fields[2].trim().to_string();
        let kinds = match verdict {
            Verdict::Accept => &ACCEPT_KINDS,
            Verdict::Refuse => &REFUSE_KINDS,
        };
        if !kinds.contains(&kind.as_str()) {
            problems.push(format!(
                "line {line}: {written}: kind {kind:?} is not one of {kinds:?}"
            ));
        }
        let names: Vec<String> = field(3)
            .map(|f| f.split(';').map(|n| n.trim().to_string()).collect())
            .unwrap_or_default();
        if names.iter().any(String::is_empty) {
            problems.push(format!("line {line}: {written}: an empty name"));
        }
        if verdict == Verdict::Refuse && !names.is_empty() {
            problems.push(format!("line {line}: {written}: a refusal has no name"));
        }
        match expand(&written) {
            Ok(tiles) if tiles.len() < 2 => {
                problems.push(format!("line {line}: {written}: fewer than 2 atoms"));
            }
            Ok(tiles) => writings.push(Writing {
                line,
                verdict,
                written,
                kind,
                names,
                tiles,
            }),
            Err(why) => problems.push(format!("line {line}: {written}: {why}")),
        }
    }
    // the same tiles can't be right and wrong, nor two substances' first name
    let mut seen: BTreeMap<&[Element], &Writing> = BTreeMap::new();
    for w in &writings {
        match seen.get(w.tiles.as_slice()) {
            Some(first) if first.verdict != w.verdict => problems.push(format!(
                "line {}: {} is played with the same tiles as line {}'s {}, which the list {}",
                w.line,
                w.written,
                first.line,
                first.written,
                if first.verdict == Verdict::Accept {
                    "accepts"
                } else {
                    "refuses"
                }
            )),
            Some(first) => problems.push(format!(
                "line {}: {} is played with the same tiles as line {}'s {}",
                w.line, w.written, first.line, first.written
            )),
            None => {
                seen.insert(&w.tiles, w);
            }
        }
    }
    if problems.is_empty() {
        Ok(writings)
    } else {
        Err(problems)
    }
}

fn list() -> Vec<Writing> {
    match read_list(LIST) {
        Ok(writings) => writings,
        Err(problems) => panic!("data/teacher-list.tsv:\n{}", problems.join("\n")),
    }
}

fn spaced(tiles: &[Element]) -> String {
    tiles
        .iter()
        .map(|e| e.symbol())
        .collect::<Vec<_>>()
        .join("·")
}

#[test]
fn the_list_is_well_formed() {
    let writings = list();
    let accepts = writings
        .iter()
        .filter(|w| w.verdict == Verdict::Accept)
        .count();
    let refuses = writings.len() - accepts;
    let condensed = writings.iter().filter(|w| w.kind == "condensed").count();
    let named = writings.iter().filter(|w| !w.names.is_empty()).count();
    let card = writings.iter().filter(|w| w.kind == "card").count();
    assert!(accepts >= 300, "{accepts} writings to accept, not 300");
    assert!(
        condensed >= 80,
        "{condensed} condensed organic formulas, not 80"
    );
    assert!(refuses >= 80, "{refuses} writings to refuse, not 80");
    assert!(named >= 40, "{named} expected names, not 40");
    assert_eq!(card, 42, "the card's 42 formulas, each once");
    // a refusal of each kind and an acceptance of each kind
    for kind in ACCEPT_KINDS.iter().chain(&REFUSE_KINDS) {
        assert!(
            writings.iter().any(|w| w.kind == *kind),
            "no writing of kind {kind}"
        );
    }
}

#[test]
fn expanding_a_writing() {
    use Element::*;
    assert_eq!(expand("Ca(OH)2"), Ok(vec![Ca, O, H, O, H]));
    assert_eq!(
        expand("CH3CH(OH)CH3"),
        Ok(vec![C, H, H, H, C, H, O, H, C, H, H, H])
    );
    assert_eq!(
        expand("(NH4)2SO4").map(|t| t.len()),
        Ok(15),
        "a group repeated"
    );
    assert_eq!(
        expand("Zn(NO3)2").map(|t| spaced(&t)).as_deref(),
        Ok("Zn·N·O·O·O·N·O·O·O")
    );
    for wrong in [
        "Ca(OH", "CaOH)2", "Xe2", "C6H12O6", "H1", "Na+", "()2", "h2o",
    ] {
        assert!(expand(wrong).is_err(), "{wrong} expands");
    }
    let problems = read_list("accept\tNaCl\tionic\nrefuse\tNa(Cl\tlumped\nrefuse\tNaCl\torder\n")
        .expect_err("two bad lines");
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("line 2: Na(Cl"), "{problems:?}");
    assert!(problems[1].starts_with("line 3: NaCl"), "{problems:?}");
}

/// The referee's verdict and first name for every writing, and the misses.
struct Measure {
    accepted: (usize, usize),
    refused: (usize, usize),
    named: (usize, usize),
    misses: Vec<String>,
    by_kind: BTreeMap<String, (usize, usize)>,
}

fn measure(writings: &[Writing], table: &Substances) -> Measure {
    chemist::install(table);
    let mut m = Measure {
        accepted: (0, 0),
        refused: (0, 0),
        named: (0, 0),
        misses: Vec::new(),
        by_kind: BTreeMap::new(),
    };
    for w in writings {
        let verdict = judge(Mode::Chemist, chemist::Edition::CURRENT, &w.tiles);
        let right = match w.verdict {
            Verdict::Accept => verdict.is_ok(),
            Verdict::Refuse => verdict.is_err(),
        };
        let tally = match w.verdict {
            Verdict::Accept => &mut m.accepted,
            Verdict::Refuse => &mut m.refused,
        };
        tally.1 += 1;
        let kind = m.by_kind.entry(w.kind.clone()).or_default();
        kind.1 += 1;
        if right {
            tally.0 += 1;
            kind.0 += 1;
        } else {
            let why = match &verdict {
                Ok(_) => "accepted".to_string(),
                Err(r) => format!("refused ({}): {r}", r.rule.code()),
            };
            m.misses.push(format!(
                "line {} [{}] {} ({}): {why}",
                w.line,
                w.kind,
                w.written,
                spaced(&w.tiles)
            ));
        }
        if !w.names.is_empty() {
            m.named.1 += 1;
            let given = names(&w.tiles, Some(table));
            let first = (given.kind == NameKind::Documented)
                .then(|| given.names.first())
                .flatten();
            if first.is_some_and(|f| w.names.iter().any(|n| n.eq_ignore_ascii_case(f))) {
                m.named.0 += 1;
            } else {
                m.misses.push(format!(
                    "line {} [name] {}: expected {:?} first, the game gives {:?}",
                    w.line,
                    w.written,
                    w.names.join(" or "),
                    if given.kind == NameKind::Documented {
                        given.names.as_slice()
                    } else {
                        &[]
                    }
                ));
            }
        }
    }
    m
}

fn percent((right, all): (usize, usize)) -> f64 {
    if all == 0 {
        100.0
    } else {
        100.0 * right as f64 / all as f64
    }
}

/// The committed table with every order written by hand for an organic substance (its `as=`
/// tags, where its structure bonds a hydrogen to a carbon) taken out, and how many went.
fn without_organic_hand_orders(text: &str) -> (String, usize) {
    let organic = |tags: &str| {
        let smiles = tags
            .split_whitespace()
            .find_map(|t| t.strip_prefix("smiles="))
            .and_then(|s| s.split('|').next());
        smiles
            .and_then(|s| molscrab_engine::molecule::smiles::parse(s).ok())
            .is_some_and(|m| {
                m.bonds.iter().any(|b| {
                    let pair = (m.atoms[b.a], m.atoms[b.b]);
                    pair == (Element::C, Element::H) || pair == (Element::H, Element::C)
                })
            })
    };
    let mut removed = 0;
    let mut out = String::new();
    for line in text.lines() {
        let mut columns: Vec<&str> = line.splitn(3, '\t').collect();
        let kept: String;
        if columns.len() == 3 && !line.starts_with('#') && organic(columns[2]) {
            let tags: Vec<&str> = columns[2].split(' ').collect();
            removed += tags.iter().filter(|t| t.starts_with("as=")).count();
            kept = tags
                .into_iter()
                .filter(|t| !t.starts_with("as="))
                .collect::<Vec<_>>()
                .join(" ");
            columns[2] = &kept;
        }
        out.push_str(&columns.join("\t"));
        out.push('\n');
    }
    (out, removed)
}

#[test]
fn the_chemists_referee_meets_the_teachers_list() {
    let writings = list();
    // the organic writings come from the structures alone: the list is measured on a table
    // without a single organic order written by hand
    let (text, removed) = without_organic_hand_orders(TABLE_TEXT);
    assert!(
        removed >= 40,
        "{removed} hand-written organic orders taken out"
    );
    let table = Substances::parse(&text).expect("the table without organic orders reads");
    let m = measure(&writings, &table);
    println!(
        "teacher's list: accepted {}/{} ({:.1} %), refused {}/{} ({:.1} %), names right {}/{} ({:.1} %)",
        m.accepted.0,
        m.accepted.1,
        percent(m.accepted),
        m.refused.0,
        m.refused.1,
        percent(m.refused),
        m.named.0,
        m.named.1,
        percent(m.named),
    );
    for (kind, tally) in &m.by_kind {
        println!("  {kind}: {}/{} right", tally.0, tally.1);
    }
    println!("misses ({}):", m.misses.len());
    for miss in &m.misses {
        println!("  {miss}");
    }
    assert!(
        percent(m.accepted) >= 97.0,
        "accepted {}/{}: the goal is 97 %",
        m.accepted.0,
        m.accepted.1
    );
    assert_eq!(m.refused.0, m.refused.1, "every refusal refused");
    assert_eq!(m.named.0, m.named.1, "every expected name first");
}
