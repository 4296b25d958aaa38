//! "E-mail the link of my playlist P to everyone on the crew list in my notes." The playlist is
//! private (to be made public: only public playlists have a link; variant 3's is public
//! already), last year's playlist of a similar name is public; one person on the list dropped
//! out (variant 2) and the list names people by full name, to be found among the contacts.

use super::has_n;
use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::allow;
use crate::kit::changes::is_mine;
use crate::kit::gmail::{gmail_id, mail_only_to, sent_mail};
use crate::kit::people::full;
use crate::kit::people::related_any;
use crate::kit::python::solution;
use crate::kit::spotify::{is_public, playlist_of};
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::{Person, Relation};
use chrono::Duration;

/// What a variant drew.
pub(super) struct Values {
    supervisor: Person,
    variant: u8,
    /// The people on the crew list.
    crew: Vec<Person>,
    /// The playlist to share, last year's, the crew note's title and the event.
    title: &'static str,
    old_title: &'static str,
    note_title: &'static str,
    event: &'static str,
    /// Is the playlist public already (variant 3)?
    public: bool,
    /// The first catalog song of the playlists.
    base: i64,
}

impl Design for Values {
    const APPS: &[&str] = &["gmail", "spotify", "simple_note", "phone"];
    const SCRIPT: &str = include_str!("playlist_link.py");

    /// Draws the variant's values, its instruction and the supervisor's notes.
    fn draw(g: &mut Gen) -> Drawing<Values> {
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
        let notes = crate::scenarios::mix(&mut g.rng, filler, designed);
        let base = g.rng.range(100, 7000);
        let v = Values {
            supervisor: p,
            variant: g.variant,
            crew,
            title,
            old_title,
            note_title,
            event,
            public,
            base,
        };
        Drawing::from((v, notes)).instruction(instruction)
    }

    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let songs: Vec<i64> = (0..8).map(|k| v.base + 37 * k).collect();
            s.add_spotify_playlist(
                &v.supervisor,
                v.old_title,
                true,
                &songs[4..],
                s.now - Duration::days(330),
            )?;
            s.add_spotify_playlist(
                &v.supervisor,
                v.title,
                v.public,
                &songs[..6],
                s.now - Duration::days(5),
            )?;
            Ok(())
        })]
    }

    /// The ground truth and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let (title, old_title, note_title, event) = (v.title, v.old_title, v.note_title, v.event);
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
        let ground_truth = cells(&["logins", "note", "playlist", "send"], &right);
        let mut wrong = vec![
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
        if !v.public {
            wrong.push(solution(
                "sends the link without making the playlist public",
                cells(&["logins", "note", "playlist_unshared", "send"], &right),
            ));
        }
        if v.variant == 2 {
            wrong.push(solution(
                "includes the friend who can't make it",
                cells(&["logins", "note_with_absent", "playlist", "send"], &right),
            ));
        }
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let mut checks =
            vec![v.check(
                format!("\"{}\" is public", v.title),
                |v, ctx| match playlist_named(ctx, v.title) {
                    Some((_, true)) => Ok(()),
                    Some(_) => Err("private".into()),
                    None => Err("no such playlist".into()),
                },
            )];
        checks.extend(v.crew.iter().map(|c| got_link(c, v.title)));
        let names: Vec<String> = v.crew.iter().map(full).collect();
        checks.push(v.check(
            format!("nobody but {} got an e-mail", names.join(", ")),
            |v, ctx| {
                let ids: Vec<i64> = v
                    .crew
                    .iter()
                    .filter_map(|c| gmail_id(ctx, &c.email))
                    .collect();
                mail_only_to(ctx, &ids)
            },
        ));
        checks.push(v.check(
            format!("the link of \"{}\" was not sent", v.old_title),
            |v, ctx| {
                let link = link_of(ctx, v.old_title)?;
                match sent_mail(ctx).iter().find(|s| s.body.contains(&link)) {
                    Some(_) => Err(format!("{link} was")),
                    None => Ok(()),
                }
            },
        ));
        checks
    }

    fn allowed(v: &Drawn<Values>) -> Vec<Allow> {
        let mut allowed = allow::mail_sent();
        allowed.push(
            v.allow(format!("\"{}\" made public", v.title), |v, ctx, r| {
                r.is("spotify", "playlists")
                    && r.kind() == ChangeKind::Updated
                    && is_mine(ctx, r, "spotify", "user_id")
                    && r.get("title").as_str() == Some(v.title)
                    && r.changed_columns().iter().all(|c| c == "is_public")
            }),
        );
        allowed
    }
}

/// The link of the supervisor's playlist `title`.
fn link_of(ctx: &EvalCtx, title: &str) -> Result<String, String> {
    let (id, _) = playlist_named(ctx, title).ok_or("no such playlist")?;
    Ok(format!("https://spotify.com/playlists/{id}"))
}

/// A check that `c` got an e-mail with the link of `title`.
fn got_link(c: &Person, title: &str) -> Check {
    let (email, t) = (c.email.clone(), title.to_string());
    Check::new(
        format!("{} got an e-mail with the link of \"{title}\"", full(c)),
        move |ctx| {
            let link = link_of(ctx, &t)?;
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
    )
}

/// The supervisor's playlist titled `title` in the end state: (id, public).
fn playlist_named(ctx: &EvalCtx, title: &str) -> Option<(i64, bool)> {
    let id = playlist_of(ctx.db, ctx.user_id("spotify"), title)?;
    Some((id, is_public(ctx.db, id).ok()? != 0))
}
