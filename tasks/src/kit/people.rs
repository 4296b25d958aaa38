//! The world's people as scenarios see them: names and who lives with whom.

use crate::scenarios::Gen;
use apps::people::{Person, Population, Relation};

/// A person's first and last name.
pub fn full(p: &Person) -> String {
    format!("{} {}", p.first_name, p.last_name)
}

/// `p`'s roommates (people sharing a `roommates` residence with them).
pub fn roommates(pop: &Population, p: &Person) -> Vec<Person> {
    pop.residences
        .iter()
        .filter(|r| r.kind == "roommates" && r.residents.contains(&p.id))
        .flat_map(|r| r.residents.iter().filter(|id| **id != p.id))
        .map(|id| person(pop, *id))
        .collect()
}

/// Does `p` share a `roommates` residence with someone?
pub fn has_roommates(pop: &Population, p: &Person) -> bool {
    pop.residences
        .iter()
        .any(|r| r.kind == "roommates" && r.residents.contains(&p.id))
}

/// The people `p` lives with (family or roommates), in id order.
pub fn housemates(pop: &Population, p: &Person) -> Vec<Person> {
    let mut ids: Vec<i64> = pop
        .residences
        .iter()
        .filter(|r| r.residents.contains(&p.id))
        .flat_map(|r| r.residents.iter().copied())
        .filter(|id| *id != p.id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter().map(|id| person(pop, id)).collect()
}

/// Nicknames nobody in the world is called.
pub const NICKNAMES: &[&str] = &["Bear", "Ziggy", "Moose", "Pip", "Scout", "Bean", "Sunny"];

/// First names of the service contacts every phone has (dentist, plumber, ...): a friend with
/// one of these names would be ambiguous in the contacts.
pub const SERVICE_NAMES: &[&str] = &["Maya", "Victor", "Nora", "Leo", "Iris", "Owen"];

/// The person with this id (one of the population: an id the population gave).
pub fn person(pop: &Population, id: i64) -> Person {
    pop.person(id)
        .cloned()
        .unwrap_or_else(|| panic!("no person {id} in the population"))
}

/// The people `p` relates to by `rel`, in id order.
pub fn related(pop: &Population, p: &Person, rel: Relation) -> Vec<Person> {
    pop.relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == rel)
        .map(|(_, id)| person(pop, id))
        .collect()
}

/// Everyone `p` knows (each once, in id order).
pub fn known(pop: &Population, p: &Person) -> Vec<Person> {
    let mut ids: Vec<i64> = pop
        .relations_of(p.id)
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter().map(|id| person(pop, id)).collect()
}

/// `p`'s friends whose first name no other person `p` knows (nor a service contact, nor `p`)
/// shares: a first name in a text or a note then names one contact.
pub fn distinct_friends(pop: &Population, p: &Person) -> Vec<Person> {
    let known = known(pop, p);
    related(pop, p, Relation::Friend)
        .into_iter()
        .filter(|f| {
            f.first_name != p.first_name
                && !SERVICE_NAMES.contains(&f.first_name.as_str())
                && !known
                    .iter()
                    .any(|k| k.id != f.id && k.first_name == f.first_name)
        })
        .collect()
}

/// A supervisor with at least `n` [`distinct_friends`], and those friends.
pub fn with_distinct_friends(g: &mut Gen, n: usize) -> (Person, Vec<Person>) {
    let pop = g.population;
    let p = g.supervisor_where(|p| distinct_friends(pop, p).len() >= n);
    let friends = distinct_friends(pop, &p);
    (p, friends)
}

/// People of the world `p` does not know.
pub fn strangers(pop: &Population, p: &Person) -> Vec<Person> {
    let known: Vec<i64> = known(pop, p).iter().map(|k| k.id).collect();
    pop.people
        .iter()
        .filter(|o| o.id != p.id && !known.contains(&o.id))
        .cloned()
        .collect()
}

/// The people with relation `rel` to `p` (ids, in id order).
pub fn related_ids(pop: &Population, p: &Person, rel: Relation) -> Vec<i64> {
    pop.relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| *r == rel)
        .map(|(_, id)| id)
        .collect()
}

/// The people `p` has one of the relations `rels` with, each once, in id order.
pub fn related_any(pop: &Population, p: &Person, rels: &[Relation]) -> Vec<Person> {
    let mut ids: Vec<i64> = pop
        .relations_of(p.id)
        .into_iter()
        .filter(|(r, _)| rels.contains(r))
        .map(|(_, id)| id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter().map(|id| person(pop, id)).collect()
}

/// Draws a supervisor with a friend and one more relation: (the supervisor, their first friend,
/// the first other person they relate to).
pub fn supervisor_with_friend_and_other(g: &mut Gen) -> (Person, Person, Person) {
    let pop = g.population;
    let p = g.supervisor_where(|p| {
        let rel = pop.relations_of(p.id);
        rel.iter().any(|(r, _)| *r == Relation::Friend) && rel.len() >= 2
    });
    let friend = person(pop, related_ids(pop, &p, Relation::Friend)[0]);
    let other = person(
        pop,
        pop.relations_of(p.id)
            .into_iter()
            .map(|(_, id)| id)
            .find(|id| *id != friend.id)
            .unwrap_or(friend.id),
    );
    (p, friend, other)
}
