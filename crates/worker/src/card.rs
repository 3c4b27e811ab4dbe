//! A formula's card as HTML, from the engine's explanation of it: the page shows the text as it
//! is (one `inner_html`), so the card costs the page's first load nothing but a dialog.
//!
//! Every text that comes from data (names from the substance table, facts, sources) is escaped;
//! the drawing is the engine's own SVG, which holds only our markup and escaped text.

use molscrab_engine::markup::escape;
use molscrab_json::Value;

/// The whole card as the page shows it: the dialog, its content and its Close button (the
/// page's one click handler closes it on `data-close`).
pub fn card_dialog(explained: &Value) -> String {
    format!(
        "<div class=\"formula-card\" role=\"dialog\" aria-modal=\"true\" aria-label=\"Formula \
         card\">{}<button class=\"btn primary\" data-close>Close</button></div>",
        card_html(explained)
    )
}

fn text<'a>(explained: &'a Value, key: &str) -> Option<&'a str> {
    explained.get(key).and_then(Value::as_str)
}

/// The card's inner HTML: formula and name(s), whether the substance is documented, the
/// drawing and its one-line form, molar mass and composition, and the card's fact.
pub fn card_html(explained: &Value) -> String {
    let mut html = String::new();
    let formula = escape(text(explained, "formula").unwrap_or_default());
    let names: Vec<&str> = explained
        .get("names")
        .and_then(Value::as_array)
        .map(|n| n.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    html.push_str(&format!("<h2 class=\"card-title\">{formula}"));
    if let Some(first) = names.first() {
        html.push_str(&format!(
            " <span class=\"card-name\">{}</span>",
            escape(first)
        ));
    }
    html.push_str("</h2>");
    let hill = text(explained, "hill").unwrap_or_default();
    if !hill.is_empty() && hill != text(explained, "formula").unwrap_or_default() {
        html.push_str(&format!(
            "<p class=\"card-hill\">Written by element (Hill order): {}</p>",
            escape(hill)
        ));
    }
    let kind = text(explained, "name_kind").unwrap_or("hypothetical");
    let status = match kind {
        "documented" => "Documented: a real substance, named in PubChem.".to_string(),
        "systematic" => format!(
            "Hypothetical: no documented substance has these atoms. Its systematic composition \
             name would be <em>{}</em>.",
            escape(text(explained, "systematic_name").unwrap_or_default())
        ),
        _ => "Hypothetical: no documented substance has these atoms — a molecule you could draw, \
              not one on record."
            .to_string(),
    };
    html.push_str(&format!(
        "<p class=\"card-kind {}\">{status}</p>",
        escape(kind)
    ));
    if names.len() > 1 {
        let more: Vec<String> = names[1..].iter().map(|n| escape(n)).collect();
        html.push_str(&format!(
            "<p class=\"card-isomers\">The same atoms also make: {}.</p>",
            more.join(", ")
        ));
    }
    match text(explained, "svg") {
        Some(svg) => {
            html.push_str("<figure class=\"card-drawing\">");
            html.push_str(svg);
            if let Some(line) = text(explained, "text") {
                html.push_str(&format!("<figcaption>{}</figcaption>", escape(line)));
            }
            html.push_str("</figure>");
            if explained.get("charged").and_then(Value::as_bool) == Some(true) {
                html.push_str(
                    "<p class=\"card-note\">No neutral structure fits these atoms' usual \
                     valences: it is drawn with charges.</p>",
                );
            }
        }
        None => html.push_str(
            "<p class=\"card-note\">No structure of exactly these atoms satisfies the rules, so \
             there is no drawing.</p>",
        ),
    }
    html.push_str("<dl class=\"card-data\">");
    if let Some(mass) = explained.get("molar_mass").and_then(Value::as_f64) {
        html.push_str(&format!("<dt>Molar mass</dt><dd>{mass:.3} g/mol</dd>"));
    }
    let shares: Vec<String> = explained
        .get("composition")
        .and_then(Value::as_array)
        .map(|c| {
            c.iter()
                .filter_map(|share| {
                    let element = share.get("element")?.as_str()?;
                    let percent = share.get("percent")?.as_f64()?;
                    Some(format!("{} {percent:.1} %", escape(element)))
                })
                .collect()
        })
        .unwrap_or_default();
    if !shares.is_empty() {
        html.push_str(&format!("<dt>By mass</dt><dd>{}</dd>", shares.join(" · ")));
    }
    if let Some(smiles) = text(explained, "smiles") {
        html.push_str(&format!(
            "<dt>SMILES</dt><dd><code>{}</code></dd>",
            escape(smiles)
        ));
    }
    html.push_str("</dl>");
    if let Some(fact) = explained.get("fact").filter(|f| !f.is_null()) {
        html.push_str(&format!(
            "<p class=\"card-fact\">{} <cite>Source: {}</cite></p>",
            escape(fact.get("text").and_then(Value::as_str).unwrap_or_default()),
            escape(
                fact.get("source")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
            )
        ));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_data_cannot_open_a_tag() {
        let hostile = molscrab_json::parse(
            r#"{"formula":"H₂O","names":["<script>x</script>","ok"],"name_kind":"documented",
               "fact":{"text":"<b>","source":"\"s\""}}"#,
        )
        .unwrap();
        let html = card_html(&hostile);
        assert!(
            !html.contains("<script>") && !html.contains("<b>"),
            "{html}"
        );
        assert!(html.contains("&lt;script&gt;x&lt;/script&gt;"));
    }

    #[test]
    fn a_documented_formula_shows_its_name_drawing_mass_and_fact() {
        let water = molscrab_json::parse(
            r#"{"formula":"H₂O","hill":"H₂O","names":["water"],"name_kind":"documented",
               "svg":"<svg role=\"img\"><title>water</title></svg>","text":"H–O–H",
               "smiles":"[H][O][H]","molar_mass":18.015,
               "composition":[{"element":"H","count":2,"percent":11.19},
                              {"element":"O","count":1,"percent":88.81}],
               "fact":{"text":"Covers 71 % of the Earth.","source":"PubChem CID 962"}}"#,
        )
        .unwrap();
        let html = card_html(&water);
        for part in [
            "H₂O <span class=\"card-name\">water</span>",
            "Documented",
            "<svg role=\"img\">",
            "<figcaption>H–O–H</figcaption>",
            "18.015 g/mol",
            "H 11.2 % · O 88.8 %",
            "[H][O][H]",
            "Source: PubChem CID 962",
        ] {
            assert!(html.contains(part), "{part} in {html}");
        }
    }

    #[test]
    fn an_undocumented_formula_says_hypothetical_and_names_isomers_when_there_are_some() {
        let made_up = molscrab_json::parse(
            r#"{"formula":"N₂O₄","names":[],"name_kind":"systematic",
               "systematic_name":"dinitrogen tetroxide","svg":null}"#,
        )
        .unwrap();
        let html = card_html(&made_up);
        assert!(html.contains("Hypothetical") && html.contains("dinitrogen tetroxide"));
        assert!(html.contains("no drawing"));
        let ethanol = molscrab_json::parse(
            r#"{"formula":"C₂H₆O","names":["ethanol","dimethyl ether"],"name_kind":"documented"}"#,
        )
        .unwrap();
        assert!(card_html(&ethanol).contains("also make: dimethyl ether."));
    }
}
