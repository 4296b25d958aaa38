//! "~/documents/party has one RSVP file per guest: text each guest who said yes and move their
//! file into a sub-folder; delete the files of those who said no." Variants differ in the
//! message and folder; variant 3 also texts the undecided ones.

use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::files::end_files;
use crate::kit::python::{py, solution};
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::Person;
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| pop.relations_of(p.id).len() >= 6);
    let mut ids: Vec<i64> = pop.relations_of(p.id).iter().map(|r| r.1).collect();
    ids.dedup();
    for id in (1..=pop.people.len() as i64).rev() {
        if ids.len() >= 14 {
            break;
        }
        if id != p.id && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids.truncate(14);
    let folder = "~/documents/party";
    let (done, msg, maybe_msg) = match g.variant {
        1 => ("confirmed", "See you Saturday at 7, {first}!", None),
        2 => (
            "going",
            "Great, you're on the list for Saturday, {first}!",
            None,
        ),
        _ => (
            "confirmed",
            "See you Saturday at 7, {first}!",
            Some("Hi {first}, can you let me know by Thursday if you're coming?"),
        ),
    };
    // (guest, rsvp, path)
    let mut guests: Vec<(Person, &str, String)> = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let who = g.person(*id);
        let rsvp = match i % 7 {
            0 | 2 | 4 | 6 => "yes",
            1 | 5 => "no",
            _ => "maybe",
        };
        let path = format!(
            "{folder}/rsvp_{}_{}.txt",
            who.first_name.to_lowercase(),
            who.last_name.to_lowercase()
        );
        guests.push((who, rsvp, path));
    }
    let content = |who: &Person, rsvp: &str| {
        let shown = if rsvp == "yes" {
            "Yes (bringing a dish)"
        } else if rsvp == "no" {
            "No, sorry"
        } else {
            "Maybe"
        };
        format!(
            "Guest: {} {}\nPhone: {}\nRSVP: {shown}",
            who.first_name, who.last_name, who.phone_number
        )
    };
    let instruction = match g.variant {
        1 => format!(
            "The RSVPs for my party are in {folder}, one file per guest. Text everyone who said yes \"See you Saturday at 7, <first name>!\" and move their file into {folder}/{done}. Delete the files of those who said no; leave the rest."
        ),
        2 => format!(
            "Sort out the party RSVP files in {folder}: for each guest who answered yes, text them \"Great, you're on the list for Saturday, <first name>!\" and move the file to {folder}/{done}; delete the files of guests who declined. Don't touch the undecided ones."
        ),
        _ => format!(
            "Go through the RSVP files in {folder}. Guests who said yes: text \"See you Saturday at 7, <first name>!\" and move their file into {folder}/{done}. Guests who said no: delete the file. Guests who said maybe: text \"Hi <first name>, can you let me know by Thursday if you're coming?\" and keep the file."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone"];
    let now = g.now;
    let old = format!(
        "~/documents/party_2022/rsvp_{}.txt",
        guests[1].0.first_name.to_lowercase()
    );
    let old_text = content(&guests[1].0, "yes");
    let files: Vec<(String, String)> = guests
        .iter()
        .map(|x| (x.2.clone(), content(&x.0, x.1)))
        .collect();
    let (sup, f2, old2) = (p.clone(), files.clone(), old.clone());
    parts.setup.push(step(move |s| {
        for (i, (path, text)) in f2.iter().enumerate() {
            s.add_file(&sup, path, text, now - Duration::days(1 + i as i64))?;
        }
        s.add_file(&sup, &old2, &old_text, now - Duration::days(300))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("party_rsvps.py"));
    // A message as a Python expression: the literal, with `first` for "{first}".
    let text_py = |m: &str| py(m).replace("{first}", "\" + first + \"");
    let dest = format!("{folder}/{done}");
    let mut vals = Vals::new()
        .lit("dir", &format!("{folder}/"))
        .code("message", text_py(msg))
        .code("is_yes", "rsvp.startswith(\"yes\")")
        .lit("dest", &dest);
    if let Some(m) = maybe_msg {
        vals = vals.code("maybe_message", text_py(m));
    }
    let (sort, sort_keep_declined) = if maybe_msg.is_some() {
        ("sort_asking_maybe", "sort_asking_maybe_keep_declined")
    } else {
        ("sort", "sort_keep_declined")
    };
    let cells = |last: &str, vals: &Vals| script.cells(&["logins", "list", last], vals);
    parts.ground_truth = cells(sort, &vals);
    parts.wrong = vec![
        solution(
            "only counts an RSVP of exactly \"yes\"",
            cells(sort, &vals.clone().code("is_yes", "rsvp == \"yes\"")),
        ),
        solution(
            "keeps the declined guests' files",
            cells(sort_keep_declined, &vals),
        ),
        solution(
            "moves the files into another folder",
            cells(
                sort,
                &vals
                    .clone()
                    .lit("dest", &format!("{folder}/accepted_guests")),
            ),
        ),
        solution(
            "treats maybe as yes",
            cells(
                sort,
                &vals.clone().code(
                    "is_yes",
                    "rsvp.startswith(\"yes\") or rsvp.startswith(\"maybe\")",
                ),
            ),
        ),
    ];
    let first_msg = |m: &str, who: &Person| m.replace("{first}", &who.first_name);
    // (phone number, message) of every text the right solution sends.
    let mut want_texts: Vec<(String, String)> = Vec::new();
    for (who, rsvp, _) in &guests {
        if *rsvp == "yes" {
            want_texts.push((who.phone_number.clone(), first_msg(msg, who)));
        } else if *rsvp == "maybe"
            && let Some(m) = maybe_msg
        {
            want_texts.push((who.phone_number.clone(), first_msg(m, who)));
        }
    }
    let moved: Vec<(String, String)> = guests
        .iter()
        .filter(|x| x.1 == "yes")
        .map(|x| (x.2.replace(folder, &dest), content(&x.0, x.1)))
        .collect();
    let gone: Vec<String> = guests
        .iter()
        .filter(|x| x.1 != "maybe")
        .map(|x| x.2.clone())
        .collect();
    let kept: Vec<String> = guests
        .iter()
        .filter(|x| x.1 == "maybe")
        .map(|x| x.2.clone())
        .collect();
    let texts = |ctx: &EvalCtx| -> Vec<(String, String)> {
        let me = ctx.user_id("phone");
        crate::kit::changes::added(ctx, "phone", "global_text_messages")
            .into_iter()
            .filter(|r| r.get("sender_id").as_i64() == me)
            .map(|r| {
                let to: String = ctx
                    .db
                    .query_row_cached(
                        "SELECT phone_number FROM phone.users WHERE id = ?1",
                        [r.get("receiver_id").as_i64().unwrap_or(0)],
                        |x| x.get(0),
                    )
                    .unwrap_or_default();
                (
                    to,
                    r.get("message").as_str().unwrap_or("").trim().to_string(),
                )
            })
            .collect()
    };
    let (t1, t2) = (want_texts.clone(), want_texts.clone());
    let (old3, n_moved) = (old.clone(), moved.len());
    parts.checks = vec![
        Check::new(
            format!(
                "{} texts, e.g. \"{}\" to {}",
                want_texts.len(),
                want_texts[0].1,
                want_texts[0].0
            ),
            move |ctx| {
                let got = texts(ctx);
                match t1
                    .iter()
                    .find(|w| got.iter().filter(|g| *g == *w).count() != 1)
                {
                    Some(w) => Err(format!("no single text \"{}\" to {}", w.1, w.0)),
                    None => Ok(()),
                }
            },
        ),
        Check::new("no other text", move |ctx| {
            match texts(ctx).into_iter().find(|g| !t2.contains(g)) {
                Some(g) => Err(format!("text \"{}\" to {}", g.1, g.0)),
                None => Ok(()),
            }
        }),
        Check::new(
            format!("{n_moved} files of yes guests are now in {dest}"),
            move |ctx| {
                let files = end_files(ctx);
                for (path, c) in &moved {
                    match files.get(path) {
                        None => return Err(format!("no file {path}")),
                        Some(x) if x != c => return Err(format!("{path} has other content")),
                        Some(_) => {}
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            "the yes and no files are gone from the folder",
            move |ctx| {
                let files = end_files(ctx);
                match gone.iter().find(|p| files.contains_key(*p)) {
                    Some(p) => Err(format!("{p} is still there")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(
            format!("the {} maybe files are kept", kept.len()),
            move |ctx| {
                let files = end_files(ctx);
                match kept.iter().find(|p| !files.contains_key(*p)) {
                    Some(p) => Err(format!("{p} is gone")),
                    None => Ok(()),
                }
            },
        ),
        Check::new(format!("{old} is kept"), move |ctx| {
            if end_files(ctx).contains_key(&old3) {
                Ok(())
            } else {
                Err(format!("{old3} is gone"))
            }
        }),
    ];
    let pre = format!("{folder}/");
    parts.allowed = allow::texts_sent();
    parts.allowed.push(Allow::new(
        format!("files and directories under {folder}"),
        move |ctx, r| {
            (r.is("file_system", "files") || r.is("file_system", "directories"))
                && r.get("user_id").as_i64() == ctx.user_id("file_system")
                && r.get("tilde_path")
                    .as_str()
                    .is_some_and(|p| p.starts_with(&pre))
        },
    ));
    parts
}
