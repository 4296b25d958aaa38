//! "What is the Wi-Fi password in my note 'Home Network'?" An outdated copy of the note is the
//! distractor; variant 3 asks for the network name instead.

use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen, mix};

/// What a variant drew.
pub(super) struct Values {
    /// The note asked about, the field asked for and its value.
    title: &'static str,
    field: &'static str,
    answer: String,
}

impl Design for Values {
    const APPS: &[&str] = &["simple_note"];
    const SCRIPT: &str = include_str!("field_lookup.py");

    /// The passwords, the network notes (an outdated copy among them) and the fillers.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor();
        let words = [
            "maple", "orbit", "canyon", "velvet", "harbor", "quartz", "ember",
        ];
        let mut pw = || {
            format!(
                "{}-{}{}",
                g.rng.pick(&words),
                g.rng.pick(&words),
                g.rng.range(10, 99)
            )
        };
        let (home_pw, old_pw, office_pw) = (pw(), pw(), pw());
        let ssid = format!("{}-{}", p.last_name, g.rng.range(100, 999));
        let home = format!("Router: Netgear\nWi-Fi name: {ssid}\nWi-Fi password: {home_pw}");
        let old = format!("Router: Linksys\nWi-Fi name: {ssid}-old\nWi-Fi password: {old_pw}");
        let office = format!("Wi-Fi name: Office-Guest\nWi-Fi password: {office_pw}");
        let (title, field, answer) = match g.variant {
            1 => ("Home Network", "Wi-Fi password", home_pw.clone()),
            2 => ("Office Network", "Wi-Fi password", office_pw.clone()),
            _ => ("Home Network", "Wi-Fi name", ssid.clone()),
        };
        let ours = vec![
            g.note("Home Network", &home, &["home"], false, 20),
            g.note("Home Network (old)", &old, &["home"], false, 400),
            g.note("Office Network", &office, &["work"], false, 60),
        ];
        let filler = g.filler(&p, 7, &[], &["Home Network"]);
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            title,
            field,
            answer,
        };
        (values, notes).into()
    }

    fn instruction(v: &Values) -> String {
        let (field, title) = (v.field, v.title);
        format!("What is the {field} written in my SimpleNote note titled \"{title}\"?")
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Text(v.answer.clone()))
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (field, title) = (v.field, v.title);
        let label = format!("{field}:");
        let vals = |title: &str| Vals::new().lit("title", title).lit("label", &label);
        let ground_truth = script.cells(&["login", "read", "answer"], &vals(title));
        let wrong_title = if title == "Home Network" {
            "Home Network (old)"
        } else {
            "Home Network"
        };
        let wrong = vec![
            solution(
                "reads the wrong note",
                script.cells(&["login", "read", "answer"], &vals(wrong_title)),
            ),
            solution(
                "answers with the whole line, label included",
                script.cells(&["login", "read", "answer_whole_line"], &vals(title)),
            ),
        ];
        (ground_truth, wrong)
    }
}
