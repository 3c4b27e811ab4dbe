#![cfg(not(target_arch = "wasm32"))]
//! Measured facts: every documented substance with measured values gets a fact
//! naming its source table; the table's format versions; the gas-phase species it tags.

use molscrab_engine::chemistry::explain;
use molscrab_engine::chemistry::facts::{measured_fact, state_at_room_temperature, State};
use molscrab_engine::chemistry::names::{
    counts_of, hill_formula, names, LineProblem, Only, Source, Substances, TableError,
    MAX_STRUCTURE_CHARS, TABLE_HEADER, TABLE_HEADER_V2, TABLE_HEADER_V3,
};
use molscrab_engine::elements::Element;
use molscrab_engine::referee::{parse_spaced, Mode};

const TABLE_TEXT: &str = include_str!("../../../public/lazy/substances.txt");

fn tiles(text: &str) -> Vec<Element> {
    parse_spaced(text).expect("test formulas use real symbols")
}

fn table() -> &'static Substances {
    static TABLE: std::sync::OnceLock<Substances> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| Substances::parse(TABLE_TEXT).expect("the committed table reads"))
}

fn fact_of(formula: &str) -> (String, String) {
    let value = explain(&tiles(formula), Mode::Theory, Some(table()));
    let measured = value.get("measured").expect("a measured fact");
    let text = |key| {
        measured
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("{formula}: no {key} in {measured:?}"))
            .to_string()
    };
    (text("text"), text("source"))
}

#[test]
fn every_documented_substance_with_measured_values_has_a_fact_naming_its_table() {
    let mut with = 0;
    for (counts, entry) in table().iter() {
        if entry.only.is_some() {
            assert!(
                entry.measured.is_empty(),
                "a gas-phase species has no bulk data"
            );
            continue;
        }
        if entry.measured.is_empty() {
            continue;
        }
        let fact = measured_fact(&entry.measured).unwrap_or_else(|| panic!("{counts:?}"));
        assert!(!fact.text.is_empty() && fact.source.ends_with("via the chemicals package"));
        with += 1;
    }
    // of 4,490 formulas, the CRC Handbook and the other tables measured about 2,800
    assert!(with > 2500, "{with} facts");
    // every textbook substance of a general-chemistry course has one
    for formula in [
        "Na Cl",
        "H H O",
        "C O O",
        "Ca C O O O",
        "Na O H",
        "Mg O",
        "K Cl",
    ] {
        assert!(!fact_of(formula).0.is_empty(), "{formula}");
    }
}

#[test]
fn salt_water_and_dry_ice_in_units_a_teacher_accepts() {
    let (salt, source) = fact_of("Na Cl");
    assert_eq!(
        salt,
        "At room temperature (25 °C, 1 atm) it is a solid. Melts at 801 °C and boils at \
         1465 °C. Density at 25 °C: 2.17 g/cm³."
    );
    assert_eq!(
        source,
        "CRC Handbook of Chemistry and Physics (95th ed.), Physical Constants of Inorganic \
         Compounds, via the chemicals package"
    );
    let (water, _) = fact_of("H H O");
    assert!(
        water.contains(
            "a liquid. Melts at 0 °C and boils at 100 °C. Density at 25 °C: 0.997 g/cm³."
        ),
        "{water}"
    );
    let (ethanol, source) = fact_of("C C H H H H H H O");
    assert!(ethanol.contains("boils at 78.2 °C"), "{ethanol}");
    assert!(source.contains("Organic Compounds"), "{source}");
    // dry ice: no liquid at 1 atm
    let (dry_ice, source) = fact_of("C O O");
    assert!(
        dry_ice.contains("a gas.") && dry_ice.contains("(sublimes) at −78.5 °C"),
        "{dry_ice}"
    );
    assert!(!dry_ice.contains("Melts"), "{dry_ice}");
    // a gas's density in g/L; two tables, each named
    assert!(dry_ice.contains("1.80 g/L"), "{dry_ice}");
    assert!(source.contains("sublimation point: Yaws") && source.contains("density: CRC"));
    let (chlorine, _) = fact_of("Cl Cl");
    assert!(
        chlorine.contains("a gas") && chlorine.contains("g/L"),
        "{chlorine}"
    );
}

#[test]
fn the_state_at_room_temperature_follows_from_melting_and_boiling_points() {
    let cases = [
        (Some(801.0), Some(1465.0), Some(State::Solid), false),
        (Some(0.0), Some(100.0), Some(State::Liquid), false),
        (Some(-101.5), Some(-34.0), Some(State::Gas), false),
        (Some(-56.6), Some(-78.5), Some(State::Gas), true),
        // iodine's "boiling point" is above its melting point: it melts
        (Some(114.0), Some(184.0), Some(State::Solid), false),
        (Some(500.0), None, Some(State::Solid), false),
        (None, Some(-10.0), Some(State::Gas), false),
        // melts below 25 °C, boiling point unknown: liquid or gas, not said
        (Some(-20.0), None, None, false),
        (None, Some(150.0), None, false),
        (None, None, None, false),
    ];
    for (m, b, state, sublimes) in cases {
        assert_eq!(
            state_at_room_temperature(m, b),
            (state, sublimes),
            "{m:?} {b:?}"
        );
    }
}

#[test]
fn no_measured_fact_without_the_table_or_for_a_gas_phase_species() {
    let water = explain(&tiles("H H O"), Mode::Theory, None);
    assert!(water.get("measured").is_some_and(|m| m.is_null()));
    let so = explain(&tiles("S O"), Mode::Theory, Some(table()));
    assert!(so.get("measured").is_some_and(|m| m.is_null()));
}

// ---- the table's format versions ----

#[test]
fn version_3_reads_measured_values_with_their_tables() {
    let text = format!("{TABLE_HEADER_V3}: test\nClNa\tsodium chloride\tas=NaCl m=801I b=1465I d=2170I\nC2H6O\tethanol\tm=-114R b=78.2W\n");
    let table = Substances::parse(&text).expect("reads");
    let salt = table.entry(&counts_of(&tiles("Na Cl"))).expect("salt");
    let melting = salt.measured.melting.expect("melting point");
    assert_eq!(
        (melting.value, melting.source),
        (801.0, Source::CrcInorganic)
    );
    assert_eq!(salt.measured.density.map(|d| d.value), Some(2170.0));
    let ethanol = table
        .entry(&counts_of(&tiles("C C H H H H H H O")))
        .expect("ethanol");
    assert_eq!(
        ethanol.measured.boiling.map(|b| b.source),
        Some(Source::WebBook)
    );
}

#[test]
fn a_version_2_table_still_reads_without_measured_values() {
    let text = format!(
        "{TABLE_HEADER_V2}: test\nClNa\tsodium chloride\tas=NaCl\nNa2\tdisodium\tgas-phase\n"
    );
    let table = Substances::parse(&text).expect("version 2 reads");
    let salt = table.entry(&counts_of(&tiles("Na Cl"))).expect("salt");
    assert!(salt.measured.is_empty());
    assert_eq!(salt.preferred, ["sodium chloride"]);
    assert_eq!(
        table
            .entry(&counts_of(&tiles("Na Na")))
            .and_then(|e| e.only),
        Some(Only::GasPhase)
    );
    // measured values are version 3's: in a version 2 table they are a bad tag
    let mixed = format!("{TABLE_HEADER_V2}: test\nClNa\tsodium chloride\tm=801I\n");
    assert!(matches!(
        Substances::parse(&mixed),
        Err(TableError::BadLine {
            line: 2,
            problem: LineProblem::BadTag(_)
        })
    ));
}

#[test]
fn version_4_reads_structures_editions_and_in_solution() {
    let text = format!(
        "{TABLE_HEADER}: test\nC2H6O\tethanol|dimethyl ether|oxetane-ish\tas=C2H5OH \
         as=CH3OCH3,since=2 smiles=CCO|COC|- m=-114R\nC2H2CaO6\tcalcium bicarbonate\t\
         as=CaHCO3HCO3 since=2 in-solution smiles=C(=O)(O)[O-].C(=O)(O)[O-].[Ca+2]\n\
         CaH2O\tcalcium hydride hydroxide\tuntil=1\n"
    );
    let table = Substances::parse(&text).expect("version 4 reads");
    let c2h6o = table
        .entry(&counts_of(&tiles("C C H H H H H H O")))
        .expect("C₂H₆O");
    assert_eq!(
        c2h6o.structures,
        [Some("CCO".to_string()), Some("COC".to_string()), None]
    );
    assert!(c2h6o.in_edition(1) && c2h6o.in_edition(2) && !c2h6o.in_solution);
    // the ether's order counts from edition 2 on
    assert_eq!(c2h6o.written.len(), 2);
    assert_eq!(
        c2h6o.written_in(1).collect::<Vec<_>>(),
        [&tiles("C C H H H H H O H")]
    );
    assert_eq!(c2h6o.written_in(2).count(), 2);
    let bicarbonate = table
        .entry(&counts_of(&tiles("Ca H C O O O H C O O O")))
        .expect("calcium bicarbonate");
    assert!(bicarbonate.in_solution);
    assert!(!bicarbonate.in_edition(1) && bicarbonate.in_edition(2));
    assert_eq!(bicarbonate.written_in(1).count(), 0);
    let hydroxide = counts_of(&tiles("Ca H H O"));
    let until = table.entry(&hydroxide).expect("CaH₂O");
    assert!(until.in_edition(1) && !until.in_edition(2));
    assert_eq!(until.structures, [None]);
    assert!(table.entry_in(&hydroxide, 2).is_none());
    assert!(table.entry_in(&hydroxide, 1).is_some());
    // the card and the names follow the latest edition: CaH₂O is no documented substance
    assert!(!names(&tiles("Ca H H O"), Some(&table)).is_substance());
    assert!(names(&tiles("Ca H C O O O H C O O O"), Some(&table)).is_substance());
}

#[test]
fn bad_structures_and_editions_refuse_the_table() {
    let long = "C".repeat(MAX_STRUCTURE_CHARS + 1);
    let longest = "C".repeat(MAX_STRUCTURE_CHARS);
    assert!(Substances::parse(&format!(
        "{TABLE_HEADER}: test\nClNa\tsodium chloride\tsmiles={longest}\n"
    ))
    .is_ok());
    for (bad, problem) in [
        (
            "smiles=CCO|COC".to_string(),
            LineProblem::StructureCount {
                substances: 1,
                structures: 2,
            },
        ),
        (
            format!("smiles={long}"),
            LineProblem::BadStructure("C".repeat(40)),
        ),
        (
            "smiles=C\"C".into(),
            LineProblem::BadStructure("C\"C".into()),
        ),
        ("smiles=".into(), LineProblem::BadStructure(String::new())),
        (
            "smiles=[Na+]<b>".into(),
            LineProblem::BadStructure("[Na+]<b>".into()),
        ),
        ("since=0".into(), LineProblem::BadEdition("since=0".into())),
        (
            "since=100".into(),
            LineProblem::BadEdition("since=100".into()),
        ),
        ("until=x".into(), LineProblem::BadEdition("until=x".into())),
        (
            "since=3 until=2".into(),
            LineProblem::BadEdition("until=2".into()),
        ),
        (
            "as=NaCl,since=0".into(),
            LineProblem::BadEdition("as=NaCl,since=0".into()),
        ),
        (
            "as=NaCl,soon=2".into(),
            LineProblem::BadEdition("as=NaCl,soon=2".into()),
        ),
        (
            "since=2 since=2".into(),
            LineProblem::BadTag("since=2".into()),
        ),
        (
            "smiles=- smiles=-".into(),
            LineProblem::BadTag("smiles=-".into()),
        ),
        (
            "in-solution in-solution".into(),
            LineProblem::BadTag("in-solution".into()),
        ),
    ] {
        let text = format!("{TABLE_HEADER}: test\nClNa\tsodium chloride\t{bad}\n");
        let error = Substances::parse(&text)
            .err()
            .unwrap_or_else(|| panic!("{bad} read"));
        assert_eq!(error, TableError::BadLine { line: 2, problem }, "{bad}");
        assert!(
            error
                .to_string()
                .starts_with("the substance table's line 2 "),
            "{error}"
        );
    }
    // version 4's tags are no tags of version 3
    for tag in [
        "smiles=CCO",
        "since=2",
        "until=1",
        "in-solution",
        "as=NaCl,since=2",
    ] {
        let text = format!("{TABLE_HEADER_V3}: test\nClNa\tsodium chloride\t{tag}\n");
        assert!(
            matches!(
                Substances::parse(&text),
                Err(TableError::BadLine {
                    problem: LineProblem::BadTag(_),
                    ..
                })
            ),
            "{tag}"
        );
    }
}

#[test]
fn the_committed_table_gives_each_substance_its_structure() {
    let mut with = 0;
    let mut substances = 0;
    for (counts, entry) in table().iter() {
        assert_eq!(
            entry.structures.len(),
            entry.substances.len(),
            "{}",
            hill_formula(counts)
        );
        substances += entry.substances.len();
        with += entry.structures.iter().flatten().count();
    }
    // every documented substance has its structure (names and writings come from it)
    assert_eq!(with, substances, "{with} of {substances}");
    let structure = |text: &str, at: usize| {
        table()
            .entry(&counts_of(&tiles(text)))
            .and_then(|e| e.structures.get(at).cloned().flatten())
            .unwrap_or_default()
    };
    for (text, at, smiles) in [
        ("H H O", 0, "O"),
        ("C C H H H H H H O", 0, "CCO"),
        ("C C H H H H H H O", 1, "COC"),
        ("Na Cl", 0, "[Na+].[Cl-]"),
        ("C C H H H H O O", 0, "CC(=O)O"),
        ("C H H O O", 0, "C(=O)O"),
        ("C C H H H H H N O O", 0, "C(C(=O)O)N"),
        ("C H H O O O", 0, "C(=O)(O)O"),
        ("C C C H H H H H H O", 0, "CC(=O)C"),
        ("C C C H H H H H H O", 1, "CCC=O"),
        ("C C C H H H H H H O O", 0, "CCC(=O)O"),
        ("C C C H H H H H H O O", 1, "CC(=O)OC"),
        ("C C C C H H H H H H H H H H O", 0, "CCOCC"),
        ("C H H H H N N O", 0, "C(=O)(N)N"),
        ("C C H H H H H H H N", 0, "CCN"),
        ("C C H H H Cl O", 0, "CC(=O)Cl"),
        ("C C H H H N", 0, "CC#N"),
        ("C C C C C C H H H H H H", 0, "C1=CC=CC=C1"),
        ("C C C C C C H H H H H H O", 0, "C1=CC=C(C=C1)O"),
        ("H O Cl", 0, "OCl"),
    ] {
        assert_eq!(structure(text, at), smiles, "{text} #{at}");
    }
}

#[test]
fn edition_two_documents_the_new_staples_and_edition_one_does_not() {
    for (text, name, solution) in [
        ("Zn N O O O N O O O", "zinc nitrate", false),
        ("Al N O O O N O O O N O O O", "aluminium nitrate", false),
        ("Fe N O O O N O O O", "iron(II) nitrate", false),
        ("Al Al Cl Cl Cl Cl Cl Cl", "aluminium chloride dimer", false),
        ("Ca H C O O O H C O O O", "calcium bicarbonate", true),
        ("N H H H H O H", "ammonium hydroxide", true),
        ("K S C N", "potassium thiocyanate", false),
        ("Mn Mn O O O O O O O", "manganese(VII) oxide", false),
    ] {
        let entry = table()
            .entry(&counts_of(&tiles(text)))
            .unwrap_or_else(|| panic!("{name}"));
        assert_eq!(entry.substances[0][0], name);
        assert_eq!(entry.in_solution, solution, "{name}");
        assert!(entry.written_in(2).any(|o| *o == tiles(text)), "{name}");
        assert!(!entry.written_in(1).any(|o| *o == tiles(text)), "{name}");
    }
    // the table's names are IUPAC's spellings
    for (_, entry) in table().iter() {
        for name in entry.substances.iter().flatten() {
            assert!(
                !name.contains("aluminum") && !name.contains("sulph"),
                "{name}"
            );
        }
    }
    let first = |text: &str| table().lookup(&counts_of(&tiles(text)))[0].clone();
    assert_eq!(first("P P O O O O O"), "phosphorus pentoxide");
    assert_eq!(first("C C C C H H H H H H H H H H O"), "diethyl ether");
    assert_eq!(first("C H H O O"), "formic acid");
    assert_eq!(first("C C H H H H H N O O"), "glycine");
    assert_eq!(first("C H H O O O"), "carbonic acid");
    assert_eq!(first("C H H H H N N O"), "urea");
}

#[test]
fn a_newer_version_is_refused_with_a_clear_message() {
    let error = Substances::parse("# molscrab-substances/5: from the future\nClNa\tsalt\n")
        .expect_err("refused");
    assert_eq!(error, TableError::UnknownVersion("5".into()));
    assert_eq!(
        error.to_string(),
        "the substance table is version 5, which this version of the game does not read (it \
         reads versions 2 to 4)"
    );
    // "/30" is no "/3"
    assert!(matches!(
        Substances::parse("# molscrab-substances/30\nClNa\tsalt\n"),
        Err(TableError::UnknownVersion(v)) if v == "30"
    ));
}

#[test]
fn measured_values_are_range_checked() {
    for bad in [
        "m=801",         // no table letter
        "m=801X",        // no such table
        "m=abcI",        // no number
        "m=-300I",       // below absolute zero
        "b=9999I",       // hotter than anything in the table
        "d=0I",          // no density
        "d=99999I",      // denser than osmium
        "d=NaNI",        // not a number
        "d=infI",        // not finite
        "m=1e3I",        // not written as the table writes numbers
        "m=123456789I",  // too long
        "m=801I m=802I", // twice
    ] {
        let text = format!("{TABLE_HEADER}: test\nClNa\tsodium chloride\t{bad}\n");
        let error = Substances::parse(&text)
            .err()
            .unwrap_or_else(|| panic!("{bad} read"));
        assert!(
            matches!(
                error,
                TableError::BadLine {
                    line: 2,
                    problem: LineProblem::BadTag(_)
                }
            ),
            "{bad}: {error:?}"
        );
        assert!(error.to_string().contains("m=, b= or d="), "{error}");
    }
}

// ---- gas-phase species ----

fn only(formula: &str) -> Option<Only> {
    names(&tiles(formula), Some(table())).only
}

#[test]
fn species_seen_only_in_the_gas_phase_are_tagged() {
    // sulfur monoxide, chromium monoxide, silver hydride, barium monohydroxide
    for formula in [
        "S O", "Cr O", "Ag H", "Ba O H", // molecules of a spectrum, no bulk substance
        "C S", "N S", "Cl N", "Hg H", "Si N", // diatomics the CRC Handbook does not list
        "Al O O", "P O O", "H N N", "Cl C O", // radicals: an odd number of electrons
        "He Ne",  // noble gases bond to nothing
        "Na Na", "C H H H", // a metal's diatomic, the methyl radical
    ] {
        assert_eq!(only(formula), Some(Only::GasPhase), "{formula}");
        let value = explain(&tiles(formula), Mode::Theory, Some(table()));
        assert_eq!(
            value.get("documented").and_then(|d| d.as_bool()),
            Some(false)
        );
    }
}

#[test]
fn solids_the_crc_handbook_lists_are_not_gas_phase() {
    // chromium and iron phosphide, uranium nitride, tin phosphide: solids in the handbook,
    // which a rule on charges alone would tag; copper(I) hydride, mercury(I) chloride (calomel,
    // Hg₂Cl₂ in the handbook) and chromium(II) sulfide are solids it lacks
    for formula in [
        "Cr P", "Fe P", "U N", "Sn P", "Cu H", "Hg Cl", "Cr S", "Na Cl", "N O", "C O", "Si O",
        "K O O", "Ba O O",
    ] {
        assert_eq!(only(formula), None, "{formula}");
        assert!(
            names(&tiles(formula), Some(table())).is_substance(),
            "{formula}"
        );
    }
}

#[test]
fn odd_pubchem_names_give_way_to_a_chemists() {
    for (formula, name) in [
        ("S O", "sulfur monoxide"),
        ("Cr O", "chromium monoxide"),
        ("Au Br", "gold(I) bromide"),
        ("Pt S", "platinum(II) sulfide"),
        ("Cu F", "copper(I) fluoride"),
        ("Cr P", "chromium phosphide"),
        ("U N", "uranium nitride"),
        ("Ba Cl F", "barium chloride fluoride"),
        ("Si N", "silicon mononitride"),
    ] {
        assert_eq!(
            names(&tiles(formula), Some(table())).names[0],
            name,
            "{formula}"
        );
    }
    // a formula in lower case is no name: "chromium oxide (cro)", "hene"
    for (_, entry) in table().iter() {
        for name in entry.substances.iter().flatten() {
            assert!(!name.ends_with("(cro)") && name != "hene", "{name}");
        }
    }
}

#[test]
fn a_sublimation_comes_from_one_table_or_two_that_agree() {
    let mut sublimes = 0;
    for (counts, entry) in table().iter() {
        let (Some(m), Some(b)) = (entry.measured.melting, entry.measured.boiling) else {
            continue;
        };
        if b.value >= m.value {
            continue;
        }
        sublimes += 1;
        // CAS Common Chemistry's melting point of a liquid is often another substance's
        assert!(
            m.source == b.source
                || (m.value - b.value <= 30.0
                    && m.source != Source::CommonChemistry
                    && b.source != Source::CommonChemistry),
            "{counts:?}: {m:?} {b:?}"
        );
    }
    // CO₂, AlCl₃, acetylene, hexachloroethane, … : a handful
    assert!((3..=20).contains(&sublimes), "{sublimes}");
}

#[test]
fn the_card_says_what_its_names_mean() {
    // HCl's card is titled hydrochloric acid, the manual's name, but the formula is a gas
    let hcl = explain(&tiles("H Cl"), Mode::Theory, Some(table()));
    let field = |value: &molscrab_json::Value, key: &str| {
        value
            .get(key)
            .and_then(|f| f.get("text"))
            .and_then(|t| t.as_str())
            .unwrap_or_default()
            .to_string()
    };
    let fact = field(&hcl, "fact");
    assert!(
        fact.contains("hydrogen chloride, a colourless gas") && fact.contains("its solution"),
        "{fact}"
    );
    assert!(field(&hcl, "measured").contains("it is a gas"));
    for (formula, words) in [
        ("O Fe O Fe O", "with water bound in it"),
        ("Na O H", "everyday name of sodium hydroxide"),
        ("Na Cl", "Table salt is sodium chloride"),
    ] {
        let value = explain(&tiles(formula), Mode::Theory, Some(table()));
        assert!(field(&value, "fact").contains(words), "{formula}");
    }
    // a substance known only dissolved in water says so; water itself does not
    let solution = |formula: &str| {
        explain(&tiles(formula), Mode::Theory, Some(table()))
            .get("in_solution")
            .and_then(|v| v.as_bool())
    };
    assert_eq!(solution("Ca H C O O O H C O O O"), Some(true));
    assert_eq!(solution("H H C O O O"), Some(true));
    assert_eq!(solution("H H O"), Some(false));
}
