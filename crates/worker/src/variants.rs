//! The table variants' choices for the Play tab (manual §18, RULES §10), written here so that
//! the page carries none of their names, descriptions or reasons: it shows the HTML as it is
//! and reads back which boxes are ticked (each box's `value` is the variant's code).
//!
//! `{"op": "variants-form", "kind": "solitaire" | "pass-and-play", "mode": "theory" |
//! "standard", "chosen": ["biology-bonus", …]}` answers the fieldset's inner HTML: one checkbox
//! per variant, ticked when chosen, disabled with the reason where it does not fit the game,
//! as `{"html": …}` (the page's one way of showing the worker's HTML).

use molscrab_engine::html;
use molscrab_engine::markup::Html;
use molscrab_engine::record::Kind;
use molscrab_engine::referee::Mode;
use molscrab_engine::variants::Variant;
use molscrab_json::Value;

/// The checkboxes for a game of this kind and mode, `chosen` ticked (where they fit).
pub fn form_html(kind: Kind, mode: Mode, chosen: &[Variant]) -> Html {
    // the page's fold says "Table variants" where it shows; the group is named all the same
    let mut html = html!("<legend class=\"vh\">Table variants</legend>");
    for v in Variant::ALL {
        let fits = v.fits(kind, mode);
        let checked = if fits && chosen.contains(&v) {
            " checked"
        } else {
            ""
        };
        let disabled = if fits { "" } else { " disabled" };
        let why = if fits { v.description() } else { v.misfit() };
        let code = v.code();
        html.push(&html!(
            "<label class=\"variant\"><input type=\"checkbox\" name=\"variant\" value={}\
             {}{} aria-describedby=\"variant-{}\"> {}</label>\
             <p class=\"hint\" id=\"variant-{}\">{}</p>",
            code,
            Html::lit(checked),
            Html::lit(disabled),
            code,
            v.name(),
            code,
            why
        ));
    }
    html
}

/// The `variants-form` question.
pub fn variants_form(request: &Value) -> Result<Value, String> {
    let kind = match request.get("kind").and_then(Value::as_str) {
        Some("solitaire") => Kind::Solitaire,
        Some("pass-and-play") => Kind::PassAndPlay,
        other => return Err(format!("no such kind: {other:?}")),
    };
    let mode: Mode = request
        .get("mode")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .parse()?;
    let chosen: Vec<Variant> = request
        .get("chosen")
        .and_then(Value::as_array)
        .map(|codes| {
            codes
                .iter()
                .filter_map(Value::as_str)
                .filter_map(Variant::from_code)
                .collect()
        })
        .unwrap_or_default();
    Ok(Value::object([(
        "html",
        form_html(kind, mode, &chosen).into_string().into(),
    )]))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_offered_and_those_that_do_not_fit_say_why() {
        let html =
            form_html(Kind::Solitaire, Mode::Standard, &[Variant::BiologyBonus]).into_string();
        assert_eq!(html.matches("type=\"checkbox\"").count(), 5);
        assert!(html.contains("value=\"biology-bonus\" checked"), "{html}");
        assert!(html.contains("value=\"ion-rules\" disabled"), "{html}");
        assert!(html.contains("Standard Mode has no ions"), "{html}");
        assert!(html.contains("value=\"organic\" disabled"), "{html}");
        assert!(html.contains("value=\"speed-lab\" disabled"), "{html}");
        assert!(html.contains("Theory Mode only"), "{html}");
        assert!(html.contains("not played in Solitaire"), "{html}");
        let html = form_html(
            Kind::PassAndPlay,
            Mode::Theory,
            &[Variant::SpeedLab, Variant::Organic],
        )
        .into_string();
        assert!(!html.contains("disabled"), "{html}");
        assert!(html.contains("value=\"speed-lab\" checked"), "{html}");
        assert!(html.contains("value=\"organic\" checked"), "{html}");
        assert!(html.contains("such as OH⁻, NH₄⁺ or SO₄²⁻"), "{html}");
    }

    #[test]
    fn the_question_reads_its_fields() {
        let answer = crate::answer(
            r#"{"op":"variants-form","kind":"pass-and-play","mode":"theory","chosen":["junior","chess"]}"#,
        );
        assert!(answer.contains("value=\\\"junior\\\" checked"), "{answer}");
        let answer = crate::answer(r#"{"op":"variants-form","kind":"table","mode":"theory"}"#);
        assert!(answer.contains("\"error\""), "{answer}");
    }
}
