//! Phone-centred scenarios (all named `... (contacts)`): the supervisor's phone contacts,
//! text and voice messages crossing with Splitwise groups and Venmo. Every scenario designs
//! the rows its task depends on (groups, strangers, messages) in its setup, so the expected
//! contacts and messages are known; checks read the episode's added rows.

mod birthday_gifts;
mod count_voice;
mod group_to_contacts;
mod new_number_reminder;
mod old_voice_from_strangers;
mod text_group;

use crate::eval::{EvalCtx, normalize_text};
use crate::kit::allow;
use crate::kit::allow::venmo_payments;
use crate::kit::phone::sent_texts_by_number;
use crate::model::{Allow, Split};
use crate::scenarios::{Gen, Scenario, build};
use apps::people::{Person, Relation};

pub(super) fn scenarios() -> Vec<Scenario> {
    vec![
        Scenario {
            name: "add a Splitwise group's strangers to my contacts (contacts)",
            split: Split::Train,
            difficulty: 2,
            build: build::<group_to_contacts::Values>,
        },
        Scenario {
            name: "delete old voice messages from strangers (contacts)",
            split: Split::TestNormal,
            difficulty: 2,
            build: build::<old_voice_from_strangers::Values>,
        },
        Scenario {
            name: "birthday texts and Venmo gifts to contacts (contacts)",
            split: Split::Train,
            difficulty: 3,
            build: build::<birthday_gifts::Values>,
        },
        Scenario {
            name: "count this month's voice messages from someone (contacts)",
            split: Split::Dev,
            difficulty: 1,
            build: build::<count_voice::Values>,
        },
        Scenario {
            name: "save a texted new number and remind about a Venmo request (contacts)",
            split: Split::Train,
            difficulty: 2,
            build: build::<new_number_reminder::Values>,
        },
        Scenario {
            name: "text the members of a Splitwise group (contacts)",
            split: Split::Dev,
            difficulty: 2,
            build: build::<text_group::Values>,
        },
    ]
}

/// People `p` has no tie with (nor is `p`), `n` of them picked by the generator.
fn strangers(g: &mut Gen, p: &Person, n: usize) -> Vec<Person> {
    let known: Vec<i64> = g
        .population
        .relations_of(p.id)
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    let pool: Vec<i64> = g
        .population
        .people
        .iter()
        .map(|x| x.id)
        .filter(|id| *id != p.id && !known.contains(id))
        .collect();
    let mut out: Vec<Person> = Vec::new();
    while out.len() < n {
        let id = pool[g.rng.range(0, pool.len() as i64) as usize];
        if !out.iter().any(|x| x.id == id) {
            out.push(g.person(id));
        }
    }
    out
}

/// `p`'s friends and coworkers (phone contacts with those labels), in id order.
fn friends(g: &Gen, p: &Person) -> Vec<Person> {
    g.population
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
        .map(|(_, id)| g.person(id))
        .collect()
}

/// A supervisor with at least `n` friends and coworkers.
fn supervisor_with_friends(g: &mut Gen, n: usize) -> Person {
    let pop = g.population;
    g.supervisor_where(|p| {
        pop.relations_of(p.id)
            .iter()
            .filter(|(r, _)| matches!(r, Relation::Friend | Relation::Coworker))
            .count()
            >= n
    })
}

/// Did the supervisor send `number` exactly one text, `message`?
fn one_text(ctx: &EvalCtx, number: &str, message: &str) -> Result<(), String> {
    let t: Vec<String> = sent_texts_by_number(ctx)
        .into_iter()
        .filter(|t| t.0 == number)
        .map(|t| t.1)
        .collect();
    match t.as_slice() {
        [m] if normalize_text(m) == normalize_text(message) => Ok(()),
        _ => Err(format!("texts {t:?}")),
    }
}

/// What sending texts and Venmo payments changes.
fn allow_texts_and_payments() -> Vec<Allow> {
    let mut allowed = allow::texts_sent();
    allowed.extend(venmo_payments());
    allowed
}
