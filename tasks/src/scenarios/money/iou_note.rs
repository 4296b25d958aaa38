//! "Pay everyone in my IOUs note I have not paid yet on Venmo, and mark them paid in the note."
//! First names map to phone contacts; one line is already paid; an "Owed to me" note lists
//! money going the other way (one person is on both). Variant 2: a friend saved (and noted)
//! under a nickname; variant 3: the paid lines are removed from the note instead.

use super::venmo_payment_checks;
use crate::kit::allow;
use crate::kit::db::uid;
use crate::kit::money::c2;
use crate::kit::money::cents_of;
use crate::kit::people::full;
use crate::kit::people::{distinct_friends, known};
use crate::kit::python::solution;
use crate::kit::text::same_text;
use crate::kit::venmo::payments_sent;
use crate::kit::{Script, Vals};
use crate::model::Check;
use crate::scenarios::{Gen, Parts, mix, step};
use apps::people::Person;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= 6);
    let mut fr = distinct_friends(pop, &p);
    g.rng.shuffle(&mut fr);
    let (a, b, c, d, e) = (
        fr[0].clone(),
        fr[1].clone(),
        fr[2].clone(),
        fr[3].clone(),
        fr[4].clone(),
    );
    let v = g.variant;
    let nick = if v == 2 {
        let taken: Vec<String> = known(pop, &p)
            .iter()
            .map(|k| k.first_name.clone())
            .collect();
        ["Jojo", "Bee", "Sunny", "Ace"]
            .into_iter()
            .find(|n| !taken.iter().any(|t| t == n))
            .map(str::to_string)
    } else {
        None
    };
    let c_name = nick.clone().unwrap_or_else(|| c.first_name.clone());
    let f = fr[5].clone();
    let amounts: Vec<i64> = (0..5)
        .map(|_| cents_of(&mut g.rng, 1_000, 6_000, 25))
        .collect();
    // (person, name in the note, cents, what for, paid already)
    let lines: Vec<(Person, String, i64, &str, bool)> = vec![
        (a.clone(), a.first_name.clone(), amounts[0], "brunch", false),
        (
            b.clone(),
            b.first_name.clone(),
            amounts[1],
            "movie tickets",
            true,
        ),
        (c.clone(), c_name, amounts[2], "concert tickets", false),
        (
            d.clone(),
            d.first_name.clone(),
            amounts[3],
            "groceries",
            false,
        ),
        (
            f.clone(),
            f.first_name.clone(),
            amounts[4],
            "parking",
            false,
        ),
    ];
    let line = |l: &(Person, String, i64, &str, bool)| {
        format!(
            "- {}: ${} for {}{}",
            l.1,
            c2(l.2),
            l.3,
            if l.4 { " (paid)" } else { "" }
        )
    };
    let header = "Money I owe";
    let content = std::iter::once(header.to_string())
        .chain(lines.iter().map(line))
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
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "simple_note", "phone", "venmo"];
    let ours = vec![
        g.note("IOUs", &content, &["money"], true, 3),
        g.note("Owed to me", &owed, &["money"], false, 5),
    ];
    let filler = g.filler(&p, 6, &["money"], &["IOUs", "Owed to me"]);
    parts.notes = Some(mix(&mut g.rng, filler, ours));
    let (sup, c2p) = (p.clone(), c.clone());
    let nick_s = nick.clone();
    parts.setup.push(step(move |s| {
        s.set_venmo_balance(&sup, 600.0)?;
        if let Some(nick) = &nick_s {
            s.relabel_contact(&sup, &c2p, nick, &["friend"])?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("iou_note.py"));
    let none = Vals::new();
    let (login, read) = (script.cell("logins", &none), script.cell("read", &none));
    let pay = |cond: &str, who: &str, edit: &str, lines: &str| {
        let vals = Vals::new()
            .code("cond", script.cell(cond, &none))
            .code("who", script.cell(who, &none))
            .code("lines", script.cell(lines, &none));
        script.cell(edit, &vals)
    };
    let edit = if v == 3 {
        "pay_and_remove"
    } else {
        "pay_and_mark"
    };
    parts.ground_truth = vec![
        login.clone(),
        read.clone(),
        pay("unpaid", "by_contact", edit, "all_lines"),
    ];
    parts.wrong = vec![
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
    if v == 2 {
        parts.wrong.push(solution(
            "looks the nickname up among Venmo users",
            vec![
                login.clone(),
                read.clone(),
                pay("unpaid", "by_venmo_search", edit, "all_lines"),
            ],
        ));
    }
    let to_pay: Vec<(String, String, i64)> = lines
        .iter()
        .filter(|l| !l.4)
        .map(|l| (full(&l.0), l.0.email.clone(), l.2))
        .collect();
    parts.checks = venmo_payment_checks(&to_pay);
    let whats: Vec<(String, String)> = lines
        .iter()
        .filter(|l| !l.4)
        .map(|l| (l.0.email.clone(), l.3.to_string()))
        .collect();
    parts.checks.push(Check::new(
        "each payment's note is what it was for (brunch, concert tickets, groceries, parking)",
        move |ctx| {
            let sent = payments_sent(ctx);
            for (email, what) in &whats {
                let id = uid(ctx, "venmo", email);
                if !sent
                    .iter()
                    .any(|s| Some(s.0) == id && same_text(&s.2, what))
                {
                    return Err(format!("no payment noted \"{what}\""));
                }
            }
            Ok(())
        },
    ));
    let original: Vec<String> = std::iter::once(header.to_string())
        .chain(lines.iter().map(line))
        .collect();
    let unpaid: Vec<String> = lines.iter().filter(|l| !l.4).map(|l| l.1.clone()).collect();
    let check_name = if v == 3 {
        format!("the IOUs note is only its first line, \"{header}\"")
    } else {
        format!(
            "the IOUs note marks {} as paid and keeps every other line",
            unpaid.join(", ")
        )
    };
    parts.checks.push(Check::new(check_name, move |ctx| {
        let Some((_, content, _, _)) = crate::kit::notes::end_notes(ctx)
            .into_iter()
            .find(|n| n.0 == "IOUs")
        else {
            return Err("no IOUs note".into());
        };
        let got = crate::kit::notes::lines(&content);
        if v == 3 {
            return if got == [header.to_string()] {
                Ok(())
            } else {
                Err(format!("the note reads {got:?}"))
            };
        }
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
    }));
    parts.allowed = allow::venmo_money();
    parts.allowed.push(crate::kit::notes::allow_updates(
        vec!["IOUs".to_string()],
        &["content"],
    ));
    parts
}
