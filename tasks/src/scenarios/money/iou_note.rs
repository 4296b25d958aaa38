//! "Pay everyone in my IOUs note I have not paid yet on Venmo, and mark them paid in the note."
//! First names map to phone contacts; one line is already paid; an "Owed to me" note lists
//! money going the other way (one person is on both). Variant 2: a friend saved (and noted)
//! under a nickname; variant 3: the paid lines are removed from the note instead.

use super::{free_nickname, venmo_payment_checks};
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::cents_of;
use crate::kit::people::full;
use crate::kit::people::with_distinct_friends;
use crate::kit::python::solution;
use crate::kit::text::same_text;
use crate::kit::venmo::payments_sent;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep, mix};
use apps::people::Person;

/// The IOUs note's first line.
const HEADER: &str = "Money I owe";

/// One line of the IOUs note.
struct Line {
    /// The friend owed and the name the note gives them.
    person: Person,
    name: String,
    /// The amount in cents and what it was for.
    cents: i64,
    what: &'static str,
    /// Whether the line is already marked paid.
    paid: bool,
}

impl Line {
    /// The line as the note spells it.
    fn text(&self) -> String {
        format!(
            "- {}: ${} for {}{}",
            self.name,
            c2(self.cents),
            self.what,
            if self.paid { " (paid)" } else { "" }
        )
    }
}

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The friend saved under a nickname in variant 2, and the nickname (if any).
    c: Person,
    nick: Option<String>,
    /// The IOUs note's lines.
    lines: Vec<Line>,
}

impl Values {
    /// The IOUs note's lines as they read at the start, header first.
    fn original(&self) -> Vec<String> {
        std::iter::once(HEADER.to_string())
            .chain(self.lines.iter().map(Line::text))
            .collect()
    }

    /// The names the note gives the friends not paid yet.
    fn unpaid(&self) -> Vec<String> {
        self.lines
            .iter()
            .filter(|l| !l.paid)
            .map(|l| l.name.clone())
            .collect()
    }
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "simple_note", "phone", "venmo"];
    const SCRIPT: &str = include_str!("iou_note.py");

    /// The friends, the nickname, the amounts and the supervisor's notes (the IOUs and "Owed to
    /// me" notes among fillers).
    fn draw(g: &mut Gen) -> Drawing<Values> {
        let (p, mut fr) = with_distinct_friends(g, 6);
        let pop = g.population;
        g.rng.shuffle(&mut fr);
        let (a, b, c, d, e, f) = (&fr[0], &fr[1], &fr[2], &fr[3], &fr[4], &fr[5]);
        let v = g.variant;
        let nick = if v == 2 { free_nickname(pop, &p) } else { None };
        let c_name = nick.clone().unwrap_or_else(|| c.first_name.clone());
        let amounts: Vec<i64> = (0..5)
            .map(|_| cents_of(&mut g.rng, 1_000, 6_000, 25))
            .collect();
        let line = |person: &Person, name: String, i: usize, what, paid| Line {
            person: person.clone(),
            name,
            cents: amounts[i],
            what,
            paid,
        };
        let lines = vec![
            line(a, a.first_name.clone(), 0, "brunch", false),
            line(b, b.first_name.clone(), 1, "movie tickets", true),
            line(c, c_name, 2, "concert tickets", false),
            line(d, d.first_name.clone(), 3, "groceries", false),
            line(f, f.first_name.clone(), 4, "parking", false),
        ];
        let content = std::iter::once(HEADER.to_string())
            .chain(lines.iter().map(Line::text))
            .collect::<Vec<_>>()
            .join("\n");
        let owed = format!(
            "Owed to me\n- {}: $30.00 for pizza\n- {}: $15.00 for the cab",
            e.first_name, a.first_name
        );
        let instruction = match v {
            1 => "I keep track of money I owe friends in my \"IOUs\" note. Pay everyone on it I haven't paid yet on Venmo, with what it was for as the payment note, then mark those lines as paid in the note the same way the paid one is marked.".to_string(),
            2 => "Go through my \"IOUs\" note: pay on Venmo everyone listed there that I still owe (use what it was for as the Venmo note) and mark their lines as paid, like the line that's already marked.".to_string(),
            _ => "Settle my \"IOUs\" note: pay on Venmo everyone on it I still owe, with what it was for as the payment note, then remove every paid line from the note, keeping its first line.".to_string(),
        };
        let ours = vec![
            g.note("IOUs", &content, &["money"], true, 3),
            g.note("Owed to me", &owed, &["money"], false, 5),
        ];
        let filler = g.filler(&p, 6, &["money"], &["IOUs", "Owed to me"]);
        let notes = mix(&mut g.rng, filler, ours);
        let values = Values {
            variant: v,
            c: c.clone(),
            nick,
            lines,
            supervisor: p,
        };
        Drawing::from((values, notes)).instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            s.set_venmo_balance(&v.supervisor, 600.0)?;
            if let Some(nick) = &v.nick {
                s.relabel_contact(&v.supervisor, &v.c, nick, &["friend"])?;
            }
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let (login, read) = (script.cell("logins", &none), script.cell("read", &none));
        let pay = |cond: &str, who: &str, edit: &str, lines: &str| {
            let vals = Vals::new()
                .code("cond", script.cell(cond, &none))
                .code("who", script.cell(who, &none))
                .code("lines", script.cell(lines, &none));
            script.cell(edit, &vals)
        };
        let edit = if v.variant == 3 {
            "pay_and_remove"
        } else {
            "pay_and_mark"
        };
        let ground_truth = vec![
            login.clone(),
            read.clone(),
            pay("unpaid", "by_contact", edit, "all_lines"),
        ];
        let mut wrong = vec![
            solution(
                "pays every line, the one already paid too",
                vec![
                    login.clone(),
                    read.clone(),
                    pay("every_line", "by_contact", edit, "all_lines"),
                ],
            ),
            solution(
                "pays but leaves the note as it was",
                vec![
                    login.clone(),
                    read.clone(),
                    pay("unpaid", "by_contact", "pay_only", "all_lines"),
                ],
            ),
            solution(
                "pays the people in the \"Owed to me\" note too",
                vec![
                    login.clone(),
                    read.clone(),
                    script.cell("read_owed_too", &none),
                    pay("unpaid", "by_contact", edit, "first_six_lines"),
                ],
            ),
        ];
        if v.variant == 2 {
            wrong.push(solution(
                "looks the nickname up among Venmo users",
                vec![
                    login,
                    read,
                    pay("unpaid", "by_venmo_search", edit, "all_lines"),
                ],
            ));
        }
        (ground_truth, wrong)
    }

    /// The payments, their notes and the IOUs note's end state.
    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let to_pay: Vec<(String, String, i64)> = v
            .lines
            .iter()
            .filter(|l| !l.paid)
            .map(|l| (full(&l.person), l.person.email.clone(), l.cents))
            .collect();
        let mut checks = venmo_payment_checks(&to_pay);
        checks.push(v.check(
            "each payment's note is what it was for (brunch, concert tickets, groceries, parking)",
            |v, ctx| {
                let sent = payments_sent(ctx);
                for l in v.lines.iter().filter(|l| !l.paid) {
                    let id = uid(ctx, "venmo", &l.person.email);
                    if !sent
                        .iter()
                        .any(|s| Some(s.0) == id && same_text(&s.2, l.what))
                    {
                        return Err(format!("no payment noted \"{}\"", l.what));
                    }
                }
                Ok(())
            },
        ));
        let check_name = if v.variant == 3 {
            format!("the IOUs note is only its first line, \"{HEADER}\"")
        } else {
            format!(
                "the IOUs note marks {} as paid and keeps every other line",
                v.unpaid().join(", ")
            )
        };
        checks.push(v.check(check_name, note_check));
        checks
    }

    /// Venmo payments and the IOUs note's content.
    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::venmo_money();
        allowed.push(crate::kit::notes::allow_updates(
            vec!["IOUs".to_string()],
            &["content"],
        ));
        allowed
    }
}

/// The IOUs note holds only its header (variant 3) or marks the unpaid lines paid.
fn note_check(v: &Values, ctx: &EvalCtx) -> Result<(), String> {
    let Some((_, content, _, _)) = crate::kit::notes::end_notes(ctx)
        .into_iter()
        .find(|n| n.0 == "IOUs")
    else {
        return Err("no IOUs note".into());
    };
    let got = crate::kit::notes::lines(&content);
    if v.variant == 3 {
        return if got == [HEADER.to_string()] {
            Ok(())
        } else {
            Err(format!("the note reads {got:?}"))
        };
    }
    let (original, unpaid) = (v.original(), v.unpaid());
    if got.len() != original.len() {
        return Err(format!("{} lines instead of {}", got.len(), original.len()));
    }
    for (g, o) in got.iter().zip(&original) {
        let was_unpaid = unpaid.iter().any(|n| o.starts_with(&format!("- {n}:")));
        let ok = if was_unpaid {
            g.starts_with(o.as_str()) && g.to_lowercase().contains("paid")
        } else {
            g == o
        };
        if !ok {
            return Err(format!("\"{g}\" (was \"{o}\")"));
        }
    }
    Ok(())
}
