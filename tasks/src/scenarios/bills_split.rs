//! Scenarios across file_system, phone and venmo: a bill the supervisor paid is in their file
//! system; they ask their roommates for an equal share on Venmo. The agent must find the right
//! file (last month's, among older bills and in sub-folders), read the amount, find the
//! roommates (phone contacts labelled `roommate`) and request the share from each.

use super::{
    ALL_PAGES, Gen, LOGIN_ANY, Parts, Scenario, allow_added, py, same_amount, solution, step,
    venmo_requests,
};
use crate::model::{Check, Split};
use apps::people::Person;
use chrono::Duration;
use sim::sql::Cached;

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![Scenario {
        name: "request roommates' share of a bill",
        split: Split::Train,
        difficulty: 2,
        build: roommates_share,
    }]
}

/// The supervisor's roommates (people sharing a `roommates` residence with them).
pub(super) fn roommates(g: &Gen, p: &Person) -> Vec<Person> {
    g.population
        .residences
        .iter()
        .filter(|r| r.kind == "roommates" && r.residents.contains(&p.id))
        .flat_map(|r| r.residents.iter().filter(|id| **id != p.id))
        .map(|id| g.person(*id))
        .collect()
}

/// A bill's text, as the billing company's PDF reads.
fn bill(company: &str, p: &Person, period: &str, cents: i64) -> String {
    format!(
        "{company}\nStatement for {} {}\nPeriod: {period}\nTotal due: ${}.{:02}\nThank you for your payment.",
        p.first_name,
        p.last_name,
        cents / 100,
        cents % 100
    )
}

/// "I paid last month's cable bill; the bill is in my file system. Request an equal share from
/// each roommate on Venmo with the note N." Variant 2 adds the month before's bill (the agent
/// must take the latest); variant 3 files it in a nested folder under another name.
fn roommates_share(g: &mut Gen) -> Parts {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        pop.residences
            .iter()
            .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
    });
    let mates = roommates(g, &p);
    let n = mates.len() as i64 + 1;
    // A total that splits evenly to the cent.
    let cents = (g.rng.range(6_000, 14_000) / n) * n;
    let share = cents as f64 / 100.0 / n as f64;
    let older = (g.rng.range(6_000, 14_000) / n) * n + n;
    let (path, note, older_path) = match g.variant {
        1 => ("~/bills/starlight_cable_2023_04.pdf", "cable bill", None),
        2 => (
            "~/bills/starlight_cable_2023_04.pdf",
            "April cable",
            Some("~/bills/starlight_cable_2023_03.pdf"),
        ),
        _ => (
            "~/documents/home/utilities/cable_invoice_april_2023.pdf",
            "Cable - April",
            Some("~/documents/home/utilities/cable_invoice_march_2023.pdf"),
        ),
    };
    let instruction = format!(
        "I paid our cable bill for last month; the bill is in my file system. Request an equal share of it from each of my roommates on Venmo, with the note \"{note}\"."
    );
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "file_system", "phone", "venmo"];
    let now = g.now;
    let (sup, text, old_text) = (
        p.clone(),
        bill("Starlight Cable", &p, "April 2023", cents),
        bill("Starlight Cable", &p, "March 2023", older),
    );
    let (path_s, older_s) = (path.to_string(), older_path.map(str::to_string));
    parts.setup.push(step(move |s| {
        s.add_file(&sup, &path_s, &text, now - Duration::days(16))?;
        if let Some(o) = &older_s {
            s.add_file(&sup, o, &old_text, now - Duration::days(47))?;
        }
        Ok(())
    }));
    let find = "paths = apis.file_system.show_directory(access_token=fs, directory_path=\"~/\", substring=\"cable\", entry_type=\"files\")\nlatest = max(paths, key=lambda q: apis.file_system.show_file(access_token=fs, file_path=q)[\"created_at\"])\ncontent = apis.file_system.show_file(access_token=fs, file_path=latest)[\"content\"]\ntotal = float(re.search(r\"Total due: \\$([0-9.]+)\", content).group(1))";
    let logins = format!(
        "{LOGIN_ANY}\n{ALL_PAGES}\nfs = login(\"file_system\")\nph = login(\"phone\")\nvm = login(\"venmo\")"
    );
    let mates_py =
        "mates = all_pages(apis.phone.search_contacts, access_token=ph, relationship=\"roommate\")";
    let request = |share_expr: &str, note: &str| {
        format!(
            "for c in mates:\n    apis.venmo.create_payment_request(access_token=vm, user_email=c[\"email\"], amount={share_expr}, description={})\napis.supervisor.complete_task()",
            py(note)
        )
    };
    parts.ground_truth = vec![
        logins.clone(),
        find.to_string(),
        mates_py.to_string(),
        request("round(total / (len(mates) + 1), 2)", note),
    ];
    parts.wrong = vec![
        solution(
            "leaves the supervisor's own share out of the split",
            vec![
                logins.clone(),
                find.to_string(),
                mates_py.to_string(),
                request("round(total / len(mates), 2)", note),
            ],
        ),
        solution(
            "pays the roommates instead of requesting money",
            vec![
                logins.clone(),
                find.to_string(),
                mates_py.to_string(),
                format!(
                    "for c in mates:\n    apis.venmo.create_transaction(access_token=vm, receiver_email=c[\"email\"], amount=round(total / (len(mates) + 1), 2), description={})\napis.supervisor.complete_task()",
                    py(note)
                ),
            ],
        ),
        solution(
            "writes another note",
            vec![
                logins.clone(),
                find.to_string(),
                mates_py.to_string(),
                request("round(total / (len(mates) + 1), 2)", "cable"),
            ],
        ),
    ];
    if older_path.is_some() {
        parts.wrong.push(solution(
            "splits the older bill",
            vec![
                logins.clone(),
                find.replace("latest = max(", "latest = min("),
                mates_py.to_string(),
                request("round(total / (len(mates) + 1), 2)", note),
            ],
        ));
    }
    let emails: Vec<String> = mates.iter().map(|m| m.email.clone()).collect();
    let venmo_ids = move |ctx: &crate::eval::EvalCtx, emails: &[String]| -> Vec<i64> {
        emails
            .iter()
            .filter_map(|e| {
                ctx.db
                    .query_row_cached("SELECT id FROM venmo.users WHERE email = ?1", [e], |r| {
                        r.get(0)
                    })
                    .ok()
            })
            .collect()
    };
    let mine = venmo_requests;
    let (e1, e2) = (emails.clone(), emails.clone());
    parts.checks = vec![
        Check::new(
            format!("one Venmo request to each roommate ({})", emails.join(", ")),
            move |ctx| {
                let want = venmo_ids(ctx, &e1);
                let got: Vec<i64> = mine(ctx).iter().map(|r| r.0).collect();
                for id in &want {
                    let k = got.iter().filter(|g| *g == id).count();
                    if k != 1 {
                        return Err(format!("{k} requests to venmo user {id}"));
                    }
                }
                Ok(())
            },
        ),
        Check::new(
            format!("each asks for an equal share, ${share:.2}"),
            move |ctx| match mine(ctx).iter().find(|r| !same_amount(r.1, share)) {
                Some(r) => Err(format!("a request for ${}", r.1)),
                None if mine(ctx).is_empty() => Err("no request".into()),
                None => Ok(()),
            },
        ),
        Check::new(format!("each has the note \"{note}\""), {
            let note = note.to_string();
            move |ctx| match mine(ctx).iter().find(|r| r.2.trim() != note) {
                Some(r) => Err(format!("a request noted \"{}\"", r.2)),
                None if mine(ctx).is_empty() => Err("no request".into()),
                None => Ok(()),
            }
        }),
        Check::new("no request to anyone else", move |ctx| {
            let want = venmo_ids(ctx, &e2);
            match mine(ctx).iter().find(|r| !want.contains(&r.0)) {
                Some(r) => Err(format!("a request to venmo user {}", r.0)),
                None => Ok(()),
            }
        }),
    ];
    parts.allowed = vec![
        allow_added(
            "the supervisor's payment requests",
            "venmo",
            "payment_requests",
            |ctx, r| r.get("sender_id").as_i64() == ctx.user_id("venmo"),
        ),
        allow_added(
            "the notifications those requests send",
            "venmo",
            "notifications",
            |_, _| true,
        ),
    ];
    parts
}
