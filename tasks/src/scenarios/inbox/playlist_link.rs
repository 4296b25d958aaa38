//! "E-mail the link of my playlist P to everyone on the crew list in my notes." The playlist is
//! private (to be made public: only public playlists have a link; variant 3's is public
//! already), last year's playlist of a similar name is public; one person on the list dropped
//! out (variant 2) and the list names people by full name, to be found among the contacts.

use super::{has_n, sent_mail};
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::gmail::gmail_id;
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use apps::people::{Person, Relation};
use chrono::Duration;
use rusqlite::OptionalExtension;
use sim::sql::Cached;

pub(super) fn build(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| has_n(pop, p, &[Relation::Friend], 4));
    let fr = related_any(g.population, &p, &[Relation::Friend]);
    let (title, old_title, note_title, event) = match g.variant {
        1 => (
            "Road Trip 2023",
            "Road Trip 2022",
            "Road trip crew",
            "road trip",
        ),
        2 => (
            "Beach House Weekend",
            "Beach House Weekend (2022)",
            "Beach house weekend - who's coming",
            "beach house weekend",
        ),
        _ => (
            "Summer Drive",
            "Summer Drive (old)",
            "Summer drive carpool",
            "summer drive",
        ),
    };
    let crew: Vec<Person> = fr[..3].to_vec();
    let out = fr[3].clone();
    let mut lines: Vec<String> = crew.iter().map(|c| format!("- {}", full(c))).collect();
    if g.variant == 2 {
        lines.insert(1, format!("- {} (can't make it)", full(&out)));
    }
    let note_text = format!(
        "{note_title}\n{}\nBring snacks and chargers!",
        lines.join("\n")
    );
    let public = g.variant == 3;
    let instruction = match g.variant {
        1 => format!(
            "E-mail the link to my Spotify playlist \"{title}\" to everyone on the road trip crew list in my notes. The playlist is private, so make it public first."
        ),
        2 => format!(
            "Make my \"{title}\" playlist on Spotify public and send its link by e-mail to the people coming to the beach house weekend (the list is in my notes)."
        ),
        _ => format!(
            "Send the link to my \"{title}\" Spotify playlist in an e-mail to each person on my {event} carpool note."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["gmail", "spotify", "simple_note", "phone"];
    let mut filler = g.filler(&p, 6, &[], &[note_title]);
    filler.push(g.note(
        "Old carpool",
        &format!(
            "Carpool (last summer)\n- {}\n- {}",
            full(&out),
            full(&crew[0])
        ),
        &[],
        false,
        300,
    ));
    let designed = vec![g.note(note_title, &note_text, &[], false, 9)];
    parts.notes = Some(crate::scenarios::mix(&mut g.rng, filler, designed));
    let base = g.rng.range(100, 7000);
    let (sup, t1, t2) = (p.clone(), title.to_string(), old_title.to_string());
    parts.setup.push(step(move |s| {
        let songs: Vec<i64> = (0..8).map(|k| base + 37 * k).collect();
        s.add_spotify_playlist(&sup, &t2, true, &songs[4..], s.now - Duration::days(330))?;
        s.add_spotify_playlist(&sup, &t1, public, &songs[..6], s.now - Duration::days(5))?;
        Ok(())
    }));
    let script = Script::parse(include_str!("playlist_link.py"));
    let vals = |playlist: &str| {
        Vals::new()
            .lit("query", note_title.split(' ').next().unwrap_or(""))
            .lit("note", note_title)
            .lit("playlist", playlist)
            .lit("subject", title)
            .code("event", event)
    };
    let right = vals(title);
    let cells = |names: &[&str], vals: &Vals| script.cells(names, vals);
    parts.ground_truth = cells(&["logins", "note", "playlist", "send"], &right);
    parts.wrong = vec![
        solution(
            "sends last year's playlist",
            cells(&["logins", "note", "playlist", "send"], &vals(old_title)),
        ),
        solution(
            "e-mails everyone on the old carpool note too",
            cells(
                &["logins", "note_with_old_carpool", "playlist", "send"],
                &right,
            ),
        ),
        solution(
            "e-mails the friends instead of the people on the list",
            cells(&["logins", "friends", "playlist", "send"], &right),
        ),
    ];
    if !public {
        parts.wrong.push(solution(
            "sends the link without making the playlist public",
            cells(&["logins", "note", "playlist_unshared", "send"], &right),
        ));
    }
    if g.variant == 2 {
        parts.wrong.push(solution(
            "includes the friend who can't make it",
            cells(&["logins", "note_with_absent", "playlist", "send"], &right),
        ));
    }
    let t = title.to_string();
    parts.checks.push(Check::new(
        format!("\"{title}\" is public"),
        move |ctx| match playlist_named(ctx, &t) {
            Some((_, true)) => Ok(()),
            Some(_) => Err("private".into()),
            None => Err("no such playlist".into()),
        },
    ));
    for c in &crew {
        let (email, t) = (c.email.clone(), title.to_string());
        parts.checks.push(Check::new(
            format!("{} got an e-mail with the link of \"{title}\"", full(c)),
            move |ctx| {
                let (id, _) = playlist_named(ctx, &t).ok_or("no such playlist")?;
                let link = format!("https://spotify.com/playlists/{id}");
                let me = gmail_id(ctx, &email).unwrap_or(-1);
                if sent_mail(ctx)
                    .iter()
                    .any(|s| s.to.contains(&me) && s.body.contains(&link))
                {
                    Ok(())
                } else {
                    Err(format!("no e-mail with {link}"))
                }
            },
        ));
    }
    let ok: Vec<String> = crew.iter().map(|c| c.email.clone()).collect();
    let names: Vec<String> = crew.iter().map(full).collect();
    parts.checks.push(Check::new(
        format!("nobody but {} got an e-mail", names.join(", ")),
        move |ctx| {
            let ids: Vec<i64> = ok.iter().filter_map(|e| gmail_id(ctx, e)).collect();
            match sent_mail(ctx)
                .iter()
                .flat_map(|s| s.to.clone())
                .find(|r| !ids.contains(r))
            {
                Some(r) => Err(format!("an e-mail went to gmail user {r}")),
                None => Ok(()),
            }
        },
    ));
    let ot = old_title.to_string();
    parts.checks.push(Check::new(
        format!("the link of \"{old_title}\" was not sent"),
        move |ctx| {
            let (id, _) = playlist_named(ctx, &ot).ok_or("no such playlist")?;
            let link = format!("https://spotify.com/playlists/{id}");
            match sent_mail(ctx).iter().find(|s| s.body.contains(&link)) {
                Some(_) => Err(format!("{link} was")),
                None => Ok(()),
            }
        },
    ));
    parts.allowed = allow::mail_sent();
    let t = title.to_string();
    parts.allowed.push(Allow::new(
        format!("\"{title}\" made public"),
        move |ctx, r| {
            r.is("spotify", "playlists")
                && r.kind() == ChangeKind::Updated
                && r.get("user_id").as_i64() == ctx.user_id("spotify")
                && r.get("title").as_str() == Some(t.as_str())
                && r.changed_columns().iter().all(|c| c == "is_public")
        },
    ));
    parts
}

/// The supervisor's playlist titled `title` in the end state: (id, public).
fn playlist_named(ctx: &EvalCtx, title: &str) -> Option<(i64, bool)> {
    let me = ctx.user_id("spotify")?;
    ctx.db
        .query_row_cached(
            "SELECT id, is_public FROM spotify.playlists WHERE user_id = ?1 AND title = ?2",
            rusqlite::params![me, title],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .ok()
        .flatten()
}
