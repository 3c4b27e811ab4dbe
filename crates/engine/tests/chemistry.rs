#![cfg(not(target_arch = "wasm32"))]
//! Chemistry explained (RULES §10): structures, SMILES, drawings, names, masses, facts, explain.

use molscrab_engine::chemistry::facts::{card_fact, FACTS};
use molscrab_engine::chemistry::layout::{layout, MIN_DISTANCE};
use molscrab_engine::chemistry::mass::{composition, molar_mass};
use molscrab_engine::chemistry::names::{
    counts_of, hill_formula, names, systematic_name, LineProblem, NameKind, Substances, TableError,
    MAX_TABLE_BYTES, TABLE_HEADER,
};
use molscrab_engine::chemistry::smiles::{smiles, smiles_with_order};
use molscrab_engine::chemistry::structure::{structure, Molecule, MAX_ATOMS};
use molscrab_engine::chemistry::svg::svg;
use molscrab_engine::chemistry::text::line_text;
use molscrab_engine::chemistry::{explain, explain_text};
use molscrab_engine::elements::Element;
use molscrab_engine::referee::{judge, parse_spaced, Edition, Mode, CARD};

const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");

fn tiles(text: &str) -> Vec<Element> {
    parse_spaced(text).expect("test formulas use real symbols")
}

fn table() -> Substances {
    Substances::parse(TABLE_TEXT).expect("the committed table reads")
}

/// How many random formulas a test checks: the full sample in an optimised build
/// (`cargo test --release -p molscrab-engine --test chemistry`), a fifth of it in the debug
/// build `make test` runs (the structure search is ~10× slower there).
fn sample_size(full: usize) -> usize {
    if cfg!(debug_assertions) {
        full / 5
    } else {
        full
    }
}

/// A xorshift stream: the same sample on every run.
struct Sample(u64);

impl Sample {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Formulas of 2..=15 tiles drawn from the full bag that Theory Mode accepts.
    fn valid_formulas(&mut self, how_many: usize) -> Vec<Vec<Element>> {
        let bag: Vec<Element> = Element::ALL
            .iter()
            .flat_map(|&e| std::iter::repeat_n(e, e.count() as usize))
            .collect();
        let mut out = Vec::new();
        while out.len() < how_many {
            let len = 2 + (self.next() % 14) as usize;
            let formula: Vec<Element> = (0..len)
                .map(|_| bag[(self.next() % bag.len() as u64) as usize])
                .collect();
            if judge(Mode::Theory, Edition::CURRENT, &formula).is_ok() {
                out.push(formula);
            }
        }
        out
    }

    fn shuffled(&mut self, tiles: &[Element]) -> Vec<Element> {
        let mut out = tiles.to_vec();
        for i in (1..out.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            out.swap(i, j);
        }
        out
    }
}

fn sorted(mut atoms: Vec<Element>) -> Vec<Element> {
    atoms.sort();
    atoms
}

/// Exactly the tiles' atoms, and the rule that accepted them: valences, ≤ 3 bonds a pair,
/// connected (charges only for the card formulas valency can't draw, and linear N₂O).
fn assert_structure_fits(formula: &[Element], molecule: &Molecule) {
    assert_eq!(
        sorted(molecule.atoms.clone()),
        sorted(formula.to_vec()),
        "{formula:?}"
    );
    assert!(molecule.is_valid(), "{formula:?}: {}", smiles(molecule));
    if !molecule.is_neutral() {
        let nitrous_oxide = sorted(formula.to_vec()) == sorted(tiles("N N O"));
        assert!(
            molscrab_engine::referee::card_entry(formula).is_some() || nitrous_oxide,
            "only card formulas and N₂O may be drawn with charges: {formula:?}"
        );
    }
}

#[test]
fn every_card_formula_has_a_structure_of_exactly_its_tiles() {
    for card in CARD.iter() {
        let molecule = structure(card.tiles).expect("every card formula has a structure");
        assert_structure_fits(card.tiles, &molecule);
        let charged = !molecule.is_neutral();
        // valency draws every card formula except carbon monoxide and nitrogen dioxide
        assert_eq!(
            charged,
            matches!(card.name, "Carbon monoxide" | "Nitrogen dioxide"),
            "{}",
            card.name
        );
    }
}

#[test]
fn card_formulas_are_drawn_as_chemists_draw_them() {
    let expect = [
        ("H H O", "[H][O][H]"),
        ("C O O", "[O]=[C]=[O]"),
        ("C H H H H", "[H][C]([H])([H])[H]"),
        ("N H H H", "[H][N]([H])[H]"),
        ("H N O O O", "[O]=[N](=[O])[O][H]"),
        ("H H S O O O O", "[H][O][S](=[O])(=[O])[O][H]"),
        ("Fe Fe O O O", "[O]=[Fe][O][Fe]=[O]"),
        ("N H H H H Cl", "[Cl][N]([H])([H])([H])[H]"),
        ("Na O H", "[H][O][Na]"),
        ("C O", "[C-]#[O+]"),
        ("N O O", "[O]=[N+][O-]"),
    ];
    for (formula, expected) in expect {
        let molecule = structure(&tiles(formula)).expect("a structure");
        assert_eq!(smiles(&molecule), expected, "{formula}");
    }
}

#[test]
fn a_chemist_prefers_chains_backbones_and_no_peroxides() {
    let expect = [
        // RULES §10's example: O=C=C=O
        ("C C O O", "[O]=[C]=[C]=[O]"),
        // ethanol, not dimethyl ether: a carbon backbone
        ("C C H H H H H H O", "[H][C]([H])([H])[C]([H])([H])[O][H]"),
        // acetic acid
        ("C C H H H H O O", "[H][C]([H])([H])[C](=[O])[O][H]"),
        // pentane as a chain, not neopentane
        (
            "C C C C C H H H H H H H H H H H H",
            "[H][C]([H])([H])[C]([H])([H])[C]([H])([H])[C]([H])([H])[C]([H])([H])[H]",
        ),
        // perchloric acid: chlorine takes seven bonds rather than chain up peroxides
        ("H Cl O O O O", "[O]=[Cl](=[O])(=[O])[O][H]"),
        // O·O·O: only a ring fits the valences
        ("O O O", "[O]1[O][O]1"),
    ];
    for (formula, expected) in expect {
        let t = tiles(formula);
        if t.len() > MAX_ATOMS {
            assert!(structure(&t).is_none(), "more than {MAX_ATOMS} atoms");
            continue;
        }
        let molecule = structure(&t).expect("a structure");
        assert_eq!(smiles(&molecule), expected, "{formula}");
    }
}

#[test]
fn structures_fit_the_rule_for_a_large_sample_of_valid_formulas_in_both_modes() {
    let mut sample = Sample(0x5eed_cafe_f00d_0001);
    let formulas = sample.valid_formulas(sample_size(1500));
    for formula in &formulas {
        let molecule = structure(formula)
            .unwrap_or_else(|| panic!("no structure for a valid formula {formula:?}"));
        assert_structure_fits(formula, &molecule);
    }
    // Standard Mode accepts card formulas only, each in its one order
    for card in CARD.iter() {
        assert!(judge(Mode::Standard, Edition::CURRENT, card.tiles).is_ok());
        let molecule = structure(card.tiles).expect("a structure");
        assert_structure_fits(card.tiles, &molecule);
    }
}

#[test]
fn the_same_tiles_in_any_order_give_the_same_structure() {
    let mut sample = Sample(0x0dde_0dde_0dde_0001);
    for formula in sample.valid_formulas(sample_size(200)) {
        let shuffled = sample.shuffled(&formula);
        let a = structure(&formula).map(|m| smiles(&m));
        let b = structure(&shuffled).map(|m| smiles(&m));
        assert_eq!(a, b, "{formula:?} vs {shuffled:?}");
    }
}

#[test]
fn rejected_and_oversized_formulas_have_no_structure() {
    for formula in ["C H H", "He O", "C C", "Na", ""] {
        assert!(
            structure(&tiles(formula)).is_none(),
            "{formula} has no structure"
        );
    }
    let sixteen = vec![Element::H; 16];
    assert!(structure(&sixteen).is_none());
}

// ---- SMILES read back ----

/// A reader for RULES §10's SMILES: bracket atoms with charges, bonds - = # $, branches,
/// single-digit ring closures. Returns atoms and bonds in the order the text names them.
/// Atoms (symbol, charge) and bonds (first, second, order) in the order the text names them.
type ReadBack = (Vec<(String, i8)>, Vec<(usize, usize, u8)>);

fn read_smiles(text: &str) -> ReadBack {
    let chars: Vec<char> = text.chars().collect();
    let mut atoms: Vec<(String, i8)> = Vec::new();
    let mut bonds = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut previous: Option<usize> = None;
    let mut pending = 1u8;
    let mut rings: [Option<(usize, u8)>; 10] = [None; 10];
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '[' => {
                let close = chars[i..].iter().position(|&c| c == ']').expect("closed") + i;
                let inside: String = chars[i + 1..close].iter().collect();
                let split = inside.find(['+', '-']).unwrap_or(inside.len());
                let symbol = inside[..split].to_string();
                let charge = match &inside[split..] {
                    "" => 0,
                    "+" => 1,
                    "-" => -1,
                    other => other.parse().expect("a charge"),
                };
                let index = atoms.len();
                atoms.push((symbol, charge));
                if let Some(p) = previous {
                    bonds.push((p, index, pending));
                }
                previous = Some(index);
                pending = 1;
                i = close;
            }
            '-' => pending = 1,
            '=' => pending = 2,
            '#' => pending = 3,
            '$' => pending = 4,
            '(' => stack.push(previous.expect("a branch follows an atom")),
            ')' => previous = stack.pop(),
            d if d.is_ascii_digit() => {
                let digit = d as usize - '0' as usize;
                let here = previous.expect("a ring digit follows an atom");
                match rings[digit].take() {
                    Some((other, order)) => bonds.push((other, here, order.max(pending))),
                    None => rings[digit] = Some((here, pending)),
                }
                pending = 1;
            }
            other => panic!("unexpected {other:?} in {text}"),
        }
        i += 1;
    }
    assert!(rings.iter().all(Option::is_none), "unclosed ring in {text}");
    (atoms, bonds)
}

#[test]
fn smiles_reads_back_to_the_same_structure() {
    let mut sample = Sample(0xabcd_ef01_2345_6789);
    let mut formulas = sample.valid_formulas(sample_size(800));
    formulas.extend(CARD.iter().map(|c| c.tiles.to_vec()));
    for formula in formulas {
        let molecule = structure(&formula).expect("a structure");
        let (text, order) = smiles_with_order(&molecule);
        assert!(
            text.chars()
                .all(|c| !c.is_ascii_lowercase() || c.is_ascii_alphabetic()),
            "{text}"
        );
        assert!(
            !text.contains('%'),
            "single-digit ring closures only: {text}"
        );
        let (atoms, bonds) = read_smiles(&text);
        assert_eq!(atoms.len(), molecule.atoms.len(), "{text}");
        for (k, &atom) in order.iter().enumerate() {
            assert_eq!(atoms[k].0, molecule.atoms[atom].symbol(), "{text}");
            assert_eq!(atoms[k].1, molecule.charges[atom], "{text}");
        }
        assert_eq!(bonds.len(), molecule.bonds.len(), "{text}");
        for (a, b, o) in bonds {
            assert_eq!(molecule.order(order[a], order[b]), o, "{text}");
        }
    }
}

// ---- drawings ----

#[test]
fn drawings_never_put_two_atoms_on_top_of_each_other() {
    let mut sample = Sample(0x1234_5678_9abc_def1);
    let mut formulas = sample.valid_formulas(sample_size(1500));
    formulas.extend(CARD.iter().map(|c| c.tiles.to_vec()));
    let mut relaxed = 0;
    let total = formulas.len();
    for formula in formulas {
        let molecule = structure(&formula).expect("a structure");
        let drawing = layout(&molecule);
        let drawn = drawing.points.iter().flatten().count();
        assert!(drawn >= 2 || molecule.atoms.len() < 2, "{formula:?}");
        let least = drawing.min_distance();
        assert!(
            least >= MIN_DISTANCE,
            "{}: atoms {least:.2} apart",
            smiles(&molecule)
        );
        for p in drawing.points.iter().flatten() {
            assert!(p.0.is_finite() && p.1.is_finite());
        }
        // every hydrogen is drawn or counted on its neighbour's label
        let folded: usize = drawing.hydrogens.iter().map(|&h| h as usize).sum();
        assert_eq!(drawn + folded, molecule.atoms.len());
        if least < 0.9 {
            relaxed += 1;
        }
    }
    // most drawings keep their textbook geometry (bonds 1 apart)
    assert!(
        relaxed * 5 < total,
        "{relaxed} of {total} drawings needed relaxing"
    );
}

#[test]
fn chains_zigzag_and_sp_atoms_stay_straight() {
    // O=C=C=O is one straight line: every atom on the x axis
    let molecule = structure(&tiles("C C O O")).expect("a structure");
    let drawing = layout(&molecule);
    for p in drawing.points.iter().flatten() {
        assert!(p.1.abs() < 1e-9, "{p:?}");
    }
    // water is bent at 120°
    let molecule = structure(&tiles("H H O")).expect("water");
    let water = layout(&molecule);
    let hydrogens: Vec<(f64, f64)> = (0..3)
        .filter(|&i| molecule.atoms[i] == Element::H)
        .filter_map(|i| water.points[i])
        .collect();
    let (a, b) = (hydrogens[0], hydrogens[1]);
    let span = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    assert!((span - 3f64.sqrt()).abs() < 1e-9, "{span}");
    // a three-atom ring is an equilateral triangle with sides 1
    let ozone = layout(&structure(&tiles("O O O")).expect("ring"));
    assert!((ozone.min_distance() - 1.0).abs() < 1e-9);
}

#[test]
fn the_svg_has_a_title_colours_and_no_style_attribute() {
    let molecule = structure(&tiles("C C H H H H H H O")).expect("ethanol");
    let picture = svg(&molecule, "ethanol <C₂H₆O>").into_string();
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\""));
    assert!(picture.contains("<title>ethanol &lt;C₂H₆O&gt;</title>"));
    assert!(picture.contains("role=\"img\""));
    assert!(
        !picture.contains("style"),
        "the page's CSP forbids inline styles"
    );
    // oxygen red, hydrogens folded into labels (CH₃, CH₂, OH)
    assert!(picture.contains("fill=\"#d0201a\" text-anchor=\"middle\" dy=\"0.35em\">O</text>"));
    assert_eq!(picture.matches("<line ").count(), 2);
    let co2 = svg(&structure(&tiles("C O O")).expect("CO2"), "carbon dioxide").into_string();
    // two double bonds: two pairs of strokes
    assert_eq!(co2.matches("<line ").count(), 4);
    let n2 = svg(&structure(&tiles("N N")).expect("N2"), "nitrogen").into_string();
    assert_eq!(n2.matches("<line ").count(), 3);
}

#[test]
fn one_line_forms_fold_hydrogens_in() {
    let expect = [
        ("H H O", "H–O–H"),
        ("C C O O", "O=C=C=O"),
        ("C C H H H H H H O", "CH₃–CH₂–OH"),
        ("C C H H H H O O", "CH₃–C(=O)–OH"),
        ("H N O O O", "HO–N(=O)=O"),
        ("H H S O O O O", "HO–S(=O)(=O)–OH"),
        ("H Cl", "H–Cl"),
        ("Na O H", "Na–O–H"),
        ("C H H H H", "CH₄"),
        ("N N", "N≡N"),
        ("C O", "C⁻≡O⁺"),
        ("O O O", "O¹–O–O¹"),
    ];
    for (formula, expected) in expect {
        let molecule = structure(&tiles(formula)).expect("a structure");
        assert_eq!(line_text(&molecule), expected, "{formula}");
    }
}

// ---- names ----

#[test]
fn the_committed_table_reads_and_meets_its_caps() {
    assert!(TABLE_TEXT.len() <= MAX_TABLE_BYTES);
    // 427 KB of it (with a structure per substance) gzip to 112 KB (the script refuses to
    // write more than 120 KB gzipped); a table much larger than today's would break that budget
    assert!(TABLE_TEXT.len() <= 460_000, "{} bytes", TABLE_TEXT.len());
    assert!(TABLE_TEXT.starts_with(TABLE_HEADER));
    let table = table();
    assert!(table.len() > 4000, "{} formulas", table.len());
    assert!(table.name_count() > 6500, "{} names", table.name_count());
}

#[test]
fn names_for_water_ethanol_and_its_isomer() {
    let table = table();
    let water = names(&tiles("H H O"), Some(&table));
    assert_eq!(water.names, ["water"]);
    assert_eq!(water.kind, NameKind::Documented);
    let ethanol = names(&tiles("C C H H H H H H O"), Some(&table));
    assert_eq!(ethanol.names, ["ethanol", "dimethyl ether"]);
    // the card's name first, then the table's
    let salt = names(&tiles("Cl Na"), Some(&table));
    assert_eq!(salt.names[..2], ["table salt", "sodium chloride"]);
    let rust = names(&tiles("O Fe O Fe O"), Some(&table));
    assert_eq!(rust.names[..2], ["rust", "iron(III) oxide"]);
    for formula in [
        "C C H H H H O O",
        "C H H H H O",
        "N H H H",
        "O O O",
        "H H O O",
    ] {
        let found = names(&tiles(formula), Some(&table));
        assert_eq!(found.kind, NameKind::Documented, "{formula}");
    }
    assert_eq!(names(&tiles("O O O"), Some(&table)).names, ["ozone"]);
    assert_eq!(
        names(&tiles("H H O O"), Some(&table)).names[0],
        "hydrogen peroxide"
    );
}

#[test]
fn names_do_not_depend_on_tile_order() {
    let table = table();
    let mut sample = Sample(0x7777_1111_2222_3333);
    for formula in sample.valid_formulas(sample_size(300)) {
        let shuffled = sample.shuffled(&formula);
        assert_eq!(
            names(&formula, Some(&table)),
            names(&shuffled, Some(&table))
        );
    }
}

#[test]
fn without_the_table_only_card_names_are_documented() {
    assert_eq!(names(&tiles("H H O"), None).names, ["water"]);
    let ethanol = names(&tiles("C C H H H H H H O"), None);
    assert_eq!(ethanol.kind, NameKind::Hypothetical);
    assert!(ethanol.names.is_empty());
    let n2o4 = names(&tiles("N N O O O O"), None);
    assert_eq!(n2o4.kind, NameKind::Systematic);
    assert_eq!(n2o4.names, ["dinitrogen tetroxide"]);
}

#[test]
fn systematic_names_follow_iupac_composition_rules() {
    let expect = [
        ("N N O O O O", Some("dinitrogen tetroxide")),
        ("Fe Cl Cl Cl", Some("iron(III) chloride")),
        ("Fe Cl Cl", Some("iron(II) chloride")),
        ("Cu Cu O", Some("copper(I) oxide")),
        ("Na Cl", Some("sodium chloride")),
        ("Al Al O O O", Some("aluminium oxide")),
        ("Fe Fe Fe O O O O", Some("triiron tetroxide")),
        ("C O", Some("carbon monoxide")),
        ("S F F F F F F", Some("sulfur hexafluoride")),
        ("P P O O O O O", Some("diphosphorus pentoxide")),
        ("Cl Cl O O O O O O O", Some("dichlorine heptoxide")),
        ("H Cl", Some("hydrogen chloride")),
        ("H H S", Some("dihydrogen sulfide")),
        ("N H H H", Some("nitrogen trihydride")),
        ("O O O", Some("trioxygen")),
        ("Na H", Some("sodium hydride")),
        // beyond composition rules: hydrocarbons, two metals, three elements, one atom
        ("C C H H H H H H", None),
        ("Na K", None),
        ("Na O H", None),
        ("O", None),
    ];
    for (formula, expected) in expect {
        assert_eq!(
            systematic_name(&counts_of(&tiles(formula))).as_deref(),
            expected,
            "{formula}"
        );
    }
}

fn header() -> String {
    format!("{TABLE_HEADER}: test\n")
}

#[test]
fn the_table_reader_refuses_bad_or_missing_data_with_a_clear_message() {
    let bad_line = |body: &str| Substances::parse(&format!("{}{body}", header()));
    let cases: Vec<(Result<Substances, TableError>, TableError)> = vec![
        (Substances::parse(""), TableError::MissingHeader),
        (
            Substances::parse("<!doctype html><p>Not found</p>"),
            TableError::MissingHeader,
        ),
        (
            bad_line("H2O water\n"),
            TableError::BadLine {
                line: 2,
                problem: LineProblem::NoTab,
            },
        ),
        (
            bad_line("H2O\twater\nh2o\twater\n"),
            TableError::BadLine {
                line: 3,
                problem: LineProblem::BadFormula("h2o".into()),
            },
        ),
        (
            bad_line("Xe\txenon\n"),
            TableError::BadLine {
                line: 2,
                problem: LineProblem::UnknownElement("Xe".into()),
            },
        ),
        (
            bad_line("C8H9\tsomething\n"),
            TableError::BadLine {
                line: 2,
                problem: LineProblem::TooManyAtoms(17),
            },
        ),
        (
            bad_line("H999\tx\n"),
            TableError::BadLine {
                line: 2,
                problem: LineProblem::BadFormula("H999".into()),
            },
        ),
        (
            bad_line("H0\tx\n"),
            TableError::BadLine {
                line: 2,
                problem: LineProblem::BadFormula("H0".into()),
            },
        ),
        (
            bad_line("H2O\twater||ice\n"),
            TableError::BadLine {
                line: 2,
                problem: LineProblem::NoNames,
            },
        ),
        (
            bad_line("H2O\twater\nOH2\tdihydrogen monoxide\n"),
            TableError::BadLine {
                line: 3,
                problem: LineProblem::Repeated("H2O".into()),
            },
        ),
    ];
    for (got, expected) in cases {
        let error = got.expect_err("refused");
        assert_eq!(error, expected);
        assert!(!error.to_string().is_empty());
    }
    let long = "x".repeat(101);
    assert!(matches!(
        bad_line(&format!("H2O\t{long}\n")),
        Err(TableError::BadLine {
            problem: LineProblem::BadName(_),
            ..
        })
    ));
    let many = vec!["n"; 21].join("|");
    assert!(matches!(
        bad_line(&format!("H2O\t{many}\n")),
        Err(TableError::BadLine {
            problem: LineProblem::TooManyNames(21),
            ..
        })
    ));
    let huge = format!("{}{}", header(), "#".repeat(MAX_TABLE_BYTES));
    assert!(matches!(
        Substances::parse(&huge),
        Err(TableError::TooLarge { .. })
    ));
    assert_eq!(
        TableError::MissingHeader.to_string(),
        format!("this is not a substance table: its first line is not \"{TABLE_HEADER} …\"")
    );
    // comments and blank lines are fine; lookups of absent formulas are empty
    let small = bad_line("# note\n\nH2O\twater\n").expect("reads");
    assert_eq!(small.lookup(&counts_of(&tiles("O H H"))), ["water"]);
    assert!(small.lookup(&counts_of(&tiles("C O"))).is_empty());
}

#[test]
fn the_table_reader_never_panics_on_damaged_text() {
    let mut sample = Sample(0xdead_beef_0000_0001);
    let bytes = TABLE_TEXT.as_bytes();
    for round in 0..300 {
        let cut = (sample.next() % 4000) as usize + 60;
        let mut damaged: Vec<u8> = bytes[..cut.min(bytes.len())].to_vec();
        for _ in 0..(round % 7) {
            let at = (sample.next() as usize) % damaged.len();
            damaged[at] = (sample.next() % 128) as u8;
        }
        let text = String::from_utf8_lossy(&damaged);
        // a truncated table reads (or refuses its last line); damage is refused or read
        if let Ok(table) = Substances::parse(&text) {
            assert!(table.len() <= 200);
        }
    }
}

#[test]
fn the_table_keys_are_hill_formulas() {
    assert_eq!(
        hill_formula(&counts_of(&tiles("O H C C H H H H H"))),
        "C2H6O"
    );
    assert_eq!(hill_formula(&counts_of(&tiles("Cl Na"))), "ClNa");
    assert_eq!(hill_formula(&counts_of(&tiles("O S O H O H O"))), "H2O4S");
}

// ---- mass, facts, explain ----

#[test]
fn molar_masses_and_compositions_add_up() {
    let water = counts_of(&tiles("H H O"));
    assert!((molar_mass(&water) - 18.015).abs() < 1e-9);
    let shares = composition(&water);
    assert_eq!(shares[0].element, Element::H);
    assert!((shares[0].percent - 11.19).abs() < 0.01);
    let mut sample = Sample(0x4242_4242_4242_4242);
    for formula in sample.valid_formulas(sample_size(200)) {
        let total: f64 = composition(&counts_of(&formula))
            .iter()
            .map(|s| s.percent)
            .sum();
        assert!((total - 100.0).abs() < 1e-9, "{formula:?}");
    }
}

#[test]
fn every_card_formula_has_a_fact_with_a_source() {
    assert_eq!(FACTS.len(), CARD.len());
    for (i, card) in CARD.iter().enumerate() {
        let fact = card_fact(i).expect("a fact per card formula");
        assert!(
            fact.text.len() > 40 && fact.text.ends_with('.'),
            "{}",
            card.name
        );
        assert!(fact.source.starts_with("PubChem CID "), "{}", card.name);
        assert!(!fact.text.contains("  "), "{}", card.name);
    }
    assert!(card_fact(42).is_none());
}

#[test]
fn explain_gives_everything_the_card_shows() {
    let table = table();
    let water = explain(&tiles("O H H"), Mode::Theory, Some(&table));
    let field = |v: &molscrab_json::Value, k: &str| v.get(k).cloned().expect(k);
    assert_eq!(field(&water, "tiles").as_str(), Some("O H H"));
    assert_eq!(field(&water, "formula").as_str(), Some("OH₂"));
    assert_eq!(field(&water, "hill").as_str(), Some("H₂O"));
    assert_eq!(field(&water, "valid").as_bool(), Some(true));
    assert_eq!(field(&water, "known").as_bool(), Some(true));
    assert_eq!(field(&water, "documented").as_bool(), Some(true));
    assert_eq!(field(&water, "name_kind").as_str(), Some("documented"));
    assert_eq!(field(&water, "smiles").as_str(), Some("[H][O][H]"));
    assert_eq!(field(&water, "text").as_str(), Some("H–O–H"));
    assert_eq!(field(&water, "molar_mass").as_f64(), Some(18.015));
    assert_eq!(field(&water, "charged").as_bool(), Some(false));
    assert!(field(&water, "svg")
        .as_str()
        .is_some_and(|s| s.contains("<title>water, H₂O: H–O–H</title>")));
    let fact = field(&water, "fact");
    assert_eq!(
        fact.get("source").and_then(|s| s.as_str()),
        Some("PubChem CID 962 (water)")
    );
    let composition = field(&water, "composition");
    let first = &composition.as_array().expect("a list")[0];
    assert_eq!(first.get("element").and_then(|e| e.as_str()), Some("H"));
    assert_eq!(first.get("percent").and_then(|e| e.as_f64()), Some(11.19));

    // an invented molecule: hypothetical, a systematic name, a structure, no fact
    let glyoxal = explain(&tiles("C C O O"), Mode::Theory, Some(&table));
    assert_eq!(field(&glyoxal, "documented").as_bool(), Some(false));
    assert_eq!(field(&glyoxal, "name_kind").as_str(), Some("systematic"));
    assert_eq!(
        field(&glyoxal, "systematic_name").as_str(),
        Some("dicarbon dioxide")
    );
    assert_eq!(field(&glyoxal, "text").as_str(), Some("O=C=C=O"));
    assert!(field(&glyoxal, "fact").is_null());
    assert!(field(&glyoxal, "names")
        .as_array()
        .is_some_and(|n| n.is_empty()));

    // Standard Mode refuses O·H·H: no structure, but the names are still water's
    let refused = explain(&tiles("O H H"), Mode::Standard, Some(&table));
    assert_eq!(field(&refused, "valid").as_bool(), Some(false));
    assert_eq!(field(&refused, "rule").as_str(), Some("card-order"));
    assert!(field(&refused, "smiles").is_null() && field(&refused, "svg").is_null());
    assert_eq!(field(&refused, "documented").as_bool(), Some(true));

    // text from the worker: unknown symbols and overlong text are refused, never a panic
    let unknown = explain_text("H Xx", Mode::Theory, None);
    assert_eq!(field(&unknown, "rule").as_str(), Some("unknown-element"));
    let long = explain_text(&"H ".repeat(500), Mode::Theory, None);
    assert_eq!(field(&long, "rule").as_str(), Some("too-long"));
    let sixteen = explain_text(&"H ".repeat(16), Mode::Theory, None);
    assert!(field(&sixteen, "smiles").is_null());
    let co = explain_text("C O", Mode::Standard, None);
    assert_eq!(field(&co, "charged").as_bool(), Some(true));
}
